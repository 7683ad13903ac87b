(defrule psi-24
   (declare (salience 113))
     (status (step ?mu-21) (currently running))
   ?phi-26 <-
   (sigma-6 (x ?gamma-13) (y ?mu-14)) (moves (guesses ?mu-25&: (> ?mu-25 0))) =>
       (retract ?phi-26)
   (assert (eta-4 (x ?gamma-13) (y ?mu-14) (kappa-5 TRUE)))
     (assert (exec (step ?mu-21) (action guess) (x ?gamma-13) (y ?mu-14)))
   (pop-focus))

(defrule AGENT::sigma-chi-0-rule (declare (salience 7))
   (status (step ?s) (currently running))
   (test (< ?x 8))
   ?w <- (sigma-chi-0 ?x ?y)
   (k-cell (x ?x) (y ?y) (content top))
   (not (k-cell (x =(+ ?x 7)) (y ?y)))
   =>
   (assert (sigma-chi-0-done ?x ?y))
   (retract ?w))

(defrule AGENT::chi-beta-1-rule (declare (salience 10))
   (status (step ?s) (currently running))
   (k-cell (x ?x) (y ?y) (content sub))
   (moves (guesses ?g&:(> ?g 5)))
   ?w <- (chi-beta-1 ?x ?y)
   =>
   (bind ?c (+ ?x ?y 6))
   (retract ?w))

(defrule AGENT::iota-sigma-2-rule (declare (salience -19))
   (status (step ?s) (currently running))
   (not (exec (x ?x) (y ?y)))
   (moves (guesses ?g&:(> ?g 0)))
   (k-per-col (col ?y) (num 6))
   (k-cell (x ?x) (y ?y) (content right))
   ?w <- (iota-sigma-2 ?x ?y)
   =>
   (bind ?c (+ ?x ?y 3)))

(defrule AGENT::lambda-upsilon-3-rule (declare (salience -20))
   (status (step ?s) (currently running))
   (k-cell (x ?x) (y ?y) (content water))
   (test (< ?x 8))
   (not (k-cell (x =(+ ?x 9)) (y ?y)))
   (k-per-col (col ?y) (num 0))
   ?w <- (lambda-upsilon-3 ?x ?y)
   =>
   (assert (exec (step ?s) (action fire) (x ?x) (y (+ ?y 8))))
   (assert (lambda-upsilon-3 (x ?x) (y ?y) (value 7)))
   (bind ?c (+ ?x ?y 5)))
