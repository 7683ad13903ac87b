;;; "twostage" (written for the similarity corpus): two modules. AGENT asks SCORE to rate every unknown
;;; cell (its row count times its column count, halved next to known water), then acts on the best
;;; rating: fire while it has fires, flag after; solve when no rating is left.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate rating (slot step) (slot x) (slot y) (slot value))
(deftemplate acted (slot x) (slot y))
(deftemplate rated (slot step))

(defrule AGENT::rate-first (declare (salience 10))
   (status (step ?s) (currently running))
   (not (rated (step ?s)))
   =>
   (assert (rated (step ?s)))
   (focus SCORE))

(defrule AGENT::act-on-best
   (status (step ?s) (currently running))
   (rated (step ?s))
   (moves (fires ?f) (guesses ?g))
   (test (or (> ?f 0) (> ?g 0)))
   (rating (x ?x) (y ?y) (value ?v))
   (not (rating (value ?w&:(> ?w ?v))))
   =>
   (assert (acted (x ?x) (y ?y)))
   (if (> ?f 0)
    then (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
    else (assert (exec (step ?s) (action guess) (x ?x) (y ?y))))
   (pop-focus))

(defrule AGENT::nothing-rated (declare (salience -1))
   (status (step ?s) (currently running))
   (rated (step ?s))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))

(defmodule SCORE (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL))

(defrule SCORE::forget-old (declare (salience 20))
   (status (step ?s))
   ?r <- (rating (step ?p&:(< ?p ?s)))
   =>
   (retract ?r))

(defrule SCORE::rate-cell
   (status (step ?s))
   (k-per-row (row ?x) (num ?a&:(> ?a 0)))
   (k-per-col (col ?y) (num ?b&:(> ?b 0)))
   (not (k-cell (x ?x) (y ?y)))
   (not (acted (x ?x) (y ?y)))
   (not (rating (x ?x) (y ?y)))
   =>
   (bind ?value (* ?a ?b))
   (if (any-factp ((?k k-cell)) (and (eq ?k:content water) (<= (abs (- ?k:x ?x)) 1) (<= (abs (- ?k:y ?y)) 1)))
    then (bind ?value (/ ?value 2)))
   (assert (rating (step ?s) (x ?x) (y ?y) (value ?value))))
