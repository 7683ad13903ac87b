; leaves state for the games from its load (docs/sandbox.md, "Templates"): a global counter each game bumps, a
; fact asserted at load, a file written at load and appended to by each game; every game must see them pristine
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defglobal AGENT ?*keep* = (set-reset-globals FALSE))
(defglobal AGENT ?*games* = 0)
(defglobal AGENT ?*file* = (open "left-at-load.txt" leftfile "w"))
(defglobal AGENT ?*wrote* = (printout leftfile "load" crlf))
(defglobal AGENT ?*closed* = (close leftfile))
(deffacts AGENT::at-load (left-at-load))
(defglobal AGENT ?*asserted* = (assert (asserted-at-load)))
(defrule AGENT::count (status (step ?s) (currently running)) =>
   (bind ?*games* (+ ?*games* 1))
   (printout t "games seen: " ?*games* crlf)
   (printout t "facts from the load: " (length$ (find-all-facts ((?f left-at-load)) TRUE)) " "
               (length$ (find-all-facts ((?f asserted-at-load)) TRUE)) crlf)
   (open "left-at-load.txt" again "r")
   (printout t "file lines:")
   (bind ?line (readline again))
   (while (neq ?line EOF) do (printout t " " ?line) (bind ?line (readline again)))
   (printout t crlf)
   (close again)
   (open "left-at-load.txt" more "a") (printout more "game" crlf) (close more)
   (assert (asserted-at-load))
   (assert (exec (step ?s) (action solve))) (pop-focus))
