; calls the shell: the host refuses new processes
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::shell (status (step ?s) (currently running)) =>
   (system "touch OUTSIDE")
   (assert (exec (step ?s) (action solve))) (pop-focus))
