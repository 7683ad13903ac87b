;;; A known chain for the provenance tests: rule A asserts f1 from the known top end (k-cell),
;;; B asserts f2 (the cell below it) from f1, C fires at f2's cell; the next step D solves.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate f1 (slot x) (slot y))
(deftemplate f2 (slot x) (slot y))
(deftemplate shot)

(defrule A (declare (salience 30))
   (k-cell (x ?x) (y ?y) (content top))
   (not (f1))
   =>
   (assert (f1 (x ?x) (y ?y))))

(defrule B (declare (salience 20))
   (f1 (x ?x) (y ?y))
   (not (f2))
   =>
   (assert (f2 (x (+ ?x 1)) (y ?y))))

(defrule C (declare (salience 10))
   (status (step ?s) (currently running))
   (f2 (x ?x) (y ?y))
   (not (shot))
   =>
   (assert (shot))
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

(defrule D
   (status (step ?s) (currently running))
   (shot)
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
