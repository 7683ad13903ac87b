; Prints 8 lines of 4 MB at its step, then solves.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::flood (status (step ?s) (currently running)) =>
   (bind ?line "xxxxxxxxxxxxxxxx")
   (loop-for-count 18 (bind ?line (str-cat ?line ?line)))
   (loop-for-count 8 (printout t ?line crlf))
   (assert (exec (step ?s) (action solve))) (pop-focus))
