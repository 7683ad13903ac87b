;;; Broken on purpose (tests of check-agent): its turn ends without an exec.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::think
   (status (step ?s) (currently running))
   =>
   (printout t "thinking about step " ?s crlf)
   (pop-focus))
