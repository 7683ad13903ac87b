;;; "sweeper" (written for the similarity corpus): fire along the row with the most ship cells,
;;; flag the cell after every hit in the direction the piece points, then solve.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate tried (slot x) (slot y))
(deftemplate target-row (slot row) (slot count))

(defrule pick-first-row (declare (salience 50))
   (k-per-row (row ?r) (num ?n))
   (not (k-per-row (num ?m&:(> ?m ?n))))
   (not (target-row))
   =>
   (assert (target-row (row ?r) (count ?n))))

(defrule remember-known (declare (salience 40))
   (k-cell (x ?x) (y ?y))
   (not (tried (x ?x) (y ?y)))
   =>
   (assert (tried (x ?x) (y ?y))))

(defrule flag-after-left (declare (salience 20))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   (k-cell (x ?x) (y ?y&:(< ?y 9)) (content left))
   (not (tried (x ?x) (y =(+ ?y 1))))
   =>
   (assert (tried (x ?x) (y (+ ?y 1))))
   (assert (exec (step ?s) (action guess) (x ?x) (y (+ ?y 1))))
   (pop-focus))

(defrule flag-below-top (declare (salience 20))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   (k-cell (x ?x&:(< ?x 9)) (y ?y) (content top))
   (not (tried (x =(+ ?x 1)) (y ?y)))
   =>
   (assert (tried (x (+ ?x 1)) (y ?y)))
   (assert (exec (step ?s) (action guess) (x (+ ?x 1)) (y ?y)))
   (pop-focus))

(defrule fire-along-row (declare (salience 10))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (target-row (row ?r))
   (k-per-col (col ?c) (num ?k&:(> ?k 0)))
   (not (tried (x ?r) (y ?c)))
   (not (and (k-per-col (col ?c2) (num ?k2&:(> ?k2 ?k)))
             (not (tried (x ?r) (y ?c2)))))
   =>
   (assert (tried (x ?r) (y ?c)))
   (assert (exec (step ?s) (action fire) (x ?r) (y ?c)))
   (pop-focus))

(defrule give-up (declare (salience -10))
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
