; writes outside its scratch folder (refused) and results.txt inside it (kept with the game)
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::write (status (step ?s) (currently running)) =>
   (if (open "OUTSIDE" out "w") then (printout out "escaped" crlf) (close out)
    else (printout t "open OUTSIDE failed" crlf))
   (open "results.txt" mine "w") (printout mine "kept" crlf) (close mine)
   (assert (exec (step ?s) (action solve))) (pop-focus))
