;;; "counter" (written for the similarity corpus): keeps how many ship cells each row and column still
;;; hides, fires where the two counts add up most, flags the unknown cells of a line whose count equals
;;; its unknown cells, then solves.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate line-left (slot axis) (slot index) (slot left))
(deftemplate seen (slot x) (slot y) (slot ship))
(deftemplate pending-flag (slot x) (slot y))

(defrule start-rows (declare (salience 100))
   (k-per-row (row ?r) (num ?n))
   =>
   (assert (line-left (axis row) (index ?r) (left ?n))))

(defrule start-cols (declare (salience 100))
   (k-per-col (col ?c) (num ?n))
   =>
   (assert (line-left (axis col) (index ?c) (left ?n))))

(defrule learn-cell (declare (salience 90))
   (k-cell (x ?x) (y ?y) (content ?c))
   (not (seen (x ?x) (y ?y)))
   ?row <- (line-left (axis row) (index ?x) (left ?rl))
   ?col <- (line-left (axis col) (index ?y) (left ?cl))
   =>
   (if (neq ?c water)
    then (modify ?row (left (- ?rl 1)))
         (modify ?col (left (- ?cl 1)))
         (assert (seen (x ?x) (y ?y) (ship TRUE)))
    else (assert (seen (x ?x) (y ?y) (ship FALSE)))))

(deffunction unknown-in-row (?x)
   (bind ?count 0)
   (loop-for-count (?y 0 9)
      (if (not (any-factp ((?s seen)) (and (= ?s:x ?x) (= ?s:y ?y)))) then (bind ?count (+ ?count 1))))
   ?count)

(defrule full-row-flags (declare (salience 50))
   (line-left (axis row) (index ?x) (left ?l&:(> ?l 0)))
   (test (= ?l (unknown-in-row ?x)))
   =>
   (loop-for-count (?y 0 9)
      (if (not (any-factp ((?s seen)) (and (= ?s:x ?x) (= ?s:y ?y))))
       then (assert (pending-flag (x ?x) (y ?y))))))

(defrule flag-pending (declare (salience 40))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   ?p <- (pending-flag (x ?x) (y ?y))
   =>
   (retract ?p)
   (assert (seen (x ?x) (y ?y) (ship TRUE)))
   (assert (exec (step ?s) (action guess) (x ?x) (y ?y)))
   (pop-focus))

(defrule fire-at-crossing (declare (salience 30))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (line-left (axis row) (index ?x) (left ?a&:(> ?a 0)))
   (line-left (axis col) (index ?y) (left ?b&:(> ?b 0)))
   (not (seen (x ?x) (y ?y)))
   (not (and (line-left (axis row) (index ?x2) (left ?a2))
             (line-left (axis col) (index ?y2) (left ?b2&:(> (+ ?a2 ?b2) (+ ?a ?b))))
             (not (seen (x ?x2) (y ?y2)))))
   =>
   (assert (seen (x ?x) (y ?y) (ship UNKNOWN)))
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

(defrule stop-here (declare (salience -100))
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))

(defrule AGENT::beta-omicron-0-rule (declare (salience 19))
   (status (step ?s) (currently running))
   ?w <- (beta-omicron-0 ?x ?y)
   (k-cell (x ?x) (y ?y) (content sub))
   (k-per-col (col ?y) (num 9))
   =>
   (bind ?c (+ ?x ?y 7))
   (if (> ?x 6) then (assert (beta-omicron-0-seen ?x)))
   (assert (beta-omicron-0 (x ?x) (y ?y) (value 5))))

(defrule AGENT::gamma-lambda-1-rule (declare (salience 0))
   (status (step ?s) (currently running))
   (k-cell (x ?x) (y ?y) (content sub))
   (not (k-cell (x =(+ ?x 5)) (y ?y)))
   (k-per-row (row ?x) (num ?r&:(>= ?r 8)))
   (test (< ?x 1))
   ?w <- (gamma-lambda-1 ?x ?y)
   =>
   (assert (gamma-lambda-1-done ?x ?y))
   (bind ?c (+ ?x ?y 9))
   (if (> ?x 0) then (assert (gamma-lambda-1-seen ?x))))

(defrule AGENT::delta-mu-2-rule (declare (salience -17))
   (status (step ?s) (currently running))
   (k-cell (x ?x) (y ?y) (content top))
   (not (exec (x ?x) (y ?y)))
   ?w <- (delta-mu-2 ?x ?y)
   =>
   (retract ?w)
   (if (> ?x 8) then (assert (delta-mu-2-seen ?x))))

(defrule AGENT::delta-phi-3-rule (declare (salience 10))
   (status (step ?s) (currently running))
   (k-cell (x ?x) (y ?y) (content top))
   (test (> (+ ?x ?y) 4))
   ?w <- (delta-phi-3 ?x ?y)
   =>
   (retract ?w))

(defrule AGENT::nu-phi-4-rule (declare (salience -11))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (k-cell (x ?x) (y ?y) (content right))
   ?w <- (nu-phi-4 ?x ?y)
   =>
   (if (> ?x 0) then (assert (nu-phi-4-seen ?x))))
