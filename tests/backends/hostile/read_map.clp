; reads the map file by its path: refused, so it learns nothing
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::peek (status (step ?s) (currently running)) =>
   (if (open "SECRET" map "r") then (printout t "READ: " (readline map) crlf) (close map)
    else (printout t "open SECRET failed" crlf))
   (assert (exec (step ?s) (action solve))) (pop-focus))
