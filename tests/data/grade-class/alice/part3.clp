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
