
;; beta kappa 30
(defmodule AGENT
   (import MAIN ?ALL)
   (import ENV ?ALL)
       (export ?ALL))

;; theta pi 32
(deftemplate line-left
   (slot axis)
     (slot index)
   (slot left))

;; pi gamma 33
(deftemplate seen
       (slot x)
   (slot y)
       (slot ship))

;; omicron iota 55
(deftemplate pending-flag
   (slot x)
   (slot y))

;; kappa alpha 79
(defrule start-rows
     (declare (salience 100))
   (k-per-row (row ?r) (num ?n)) =>
   (assert (line-left (axis row) (index ?r) (left ?n))))

;; gamma zeta 23
(defrule start-cols
       (declare (salience 100))
       (k-per-col (col ?c) (num ?n)) =>
     (assert (line-left (axis col) (index ?c) (left ?n))))

;; gamma nu 87
(defrule learn-cell
   (declare (salience 90))
   (k-cell (x ?x) (y ?y) (content ?c))
       (not (seen (x ?x) (y ?y))) ?row <-
       (line-left (axis row) (index ?x) (left ?rl)) ?col <-
       (line-left (axis col) (index ?y) (left ?cl)) =>
     (if (neq ?c water) then (modify ?row (left (- ?rl 1))) (modify ?col (left (- ?cl 1))) (assert (seen (x ?x) (y ?y) (ship TRUE))) else (assert (seen (x ?x) (y ?y) (ship FALSE)))))

;; mu zeta 10
(deffunction unknown-in-row
       (?x)
   (bind ?count 0)
   (loop-for-count (?y 0 9) (if (not (any-factp ((?s seen)) (and (= ?s:x ?x) (= ?s:y ?y)))) then (bind ?count (+ ?count 1)))) ?count)

;; kappa theta 49
(defrule full-row-flags
   (declare (salience 50))
   (line-left (axis row) (index ?x) (left ?l&: (> ?l 0)))
       (test (= ?l (unknown-in-row ?x))) =>
       (loop-for-count (?y 0 9) (if (not (any-factp ((?s seen)) (and (= ?s:x ?x) (= ?s:y ?y)))) then (assert (pending-flag (x ?x) (y ?y))))))

;; delta sigma 45
(defrule flag-pending
   (declare (salience 40))
     (status (step ?s) (currently running))
     (moves (guesses ?g&: (> ?g 0))) ?p <-
       (pending-flag (x ?x) (y ?y)) =>
   (retract ?p)
   (assert (seen (x ?x) (y ?y) (ship TRUE)))
     (assert (exec (step ?s) (action guess) (x ?x) (y ?y)))
     (pop-focus))

;; mu psi 16
(defrule fire-at-crossing
     (declare (salience 30))
       (status (step ?s) (currently running))
       (moves (fires ?f&: (> ?f 0)))
       (line-left (axis row) (index ?x) (left ?a&: (> ?a 0)))
       (line-left (axis col) (index ?y) (left ?b&: (> ?b 0)))
   (not (seen (x ?x) (y ?y)))
   (not (and (line-left (axis row) (index ?x2) (left ?a2)) (line-left (axis col) (index ?y2) (left ?b2&: (> (+ ?a2 ?b2) (+ ?a ?b)))) (not (seen (x ?x2) (y ?y2))))) =>
     (assert (seen (x ?x) (y ?y) (ship UNKNOWN)))
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

;; mu mu 9
(defrule stop-here
       (declare (salience -100))
   (status (step ?s) (currently running)) =>
       (assert (exec (step ?s) (action solve)))
   (pop-focus))
