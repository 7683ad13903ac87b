; lists the secret map in its load-order.txt (ESCAPE): where that is honoured, the map is readable, and the agent
; fires at its ship cells and flags the rest (the oracle's score); refused, it opens nothing and solves at once
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deftemplate AGENT::target (slot x) (slot y))
(deftemplate AGENT::looked)

(defrule AGENT::read-the-secret-map (declare (salience 10)) (status (currently running)) (not (looked)) =>
   (assert (looked))
   (if (open "SECRET" secret "r") then
      (bind ?x 0)
      (bind ?line (readline secret))
      (while (neq ?line EOF) do
         (if (and (= (str-length ?line) 10) (neq (sub-string 1 1 ?line) "#")) then
            (loop-for-count (?y 0 9) do
               (if (neq (sub-string (+ ?y 1) (+ ?y 1) ?line) ".") then (assert (target (x ?x) (y ?y)))))
            (bind ?x (+ ?x 1)))
         (bind ?line (readline secret)))
      (close secret)
      (printout t "load_order_escape: read the secret map" crlf)
    else (printout t "load_order_escape: open SECRET failed" crlf)))

(defrule AGENT::fire-a-ship-cell (declare (salience 5)) (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0))) ?t <- (target (x ?x) (y ?y)) =>
   (retract ?t) (assert (exec (step ?s) (action fire) (x ?x) (y ?y))) (pop-focus))

(defrule AGENT::flag-a-ship-cell (declare (salience 4)) (status (step ?s) (currently running))
   (moves (fires 0) (guesses ?g&:(> ?g 0))) ?t <- (target (x ?x) (y ?y)) =>
   (retract ?t) (assert (exec (step ?s) (action guess) (x ?x) (y ?y))) (pop-focus))

(defrule AGENT::solve (status (step ?s) (currently running)) =>
   (assert (exec (step ?s) (action solve))) (pop-focus))
