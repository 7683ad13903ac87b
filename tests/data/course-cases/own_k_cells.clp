; Case: an agent that asserts k-cells itself (its own deductions): water around every ship piece it sees, and
; the piece a seen end implies next to it. They stay in its working memory, as the course's ENV exports k-cell;
; its next shots pick cells with no k-cell, so they depend on its own k-cells too.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::water-around (declare (salience 10)) (k-cell (x ?x) (y ?y) (content ~water)) =>
  (loop-for-count (?dx -1 1) do (loop-for-count (?dy -1 1) do
    (bind ?a (+ ?x ?dx)) (bind ?b (+ ?y ?dy))
    (if (and (neq ?dx 0) (neq ?dy 0) (>= ?a 0) (<= ?a 9) (>= ?b 0) (<= ?b 9)
             (not (any-factp ((?k k-cell)) (and (eq ?k:x ?a) (eq ?k:y ?b)))))
     then (assert (k-cell (x ?a) (y ?b) (content water)))))))
(defrule AGENT::left-end (declare (salience 10)) (k-cell (x ?x) (y ?y) (content left))
  (not (k-cell (x ?x) (y =(+ ?y 1)))) =>
  (assert (k-cell (x ?x) (y (+ ?y 1)) (content middle))))
(defrule AGENT::top-end (declare (salience 10)) (k-cell (x ?x) (y ?y) (content top))
  (not (k-cell (x =(+ ?x 1)) (y ?y))) =>
  (assert (k-cell (x (+ ?x 1)) (y ?y) (content bot))))
(defrule AGENT::guess-known (status (step ?s) (currently running)) (moves (guesses ?g&:(> ?g 0)))
  (k-cell (x ?x) (y ?y) (content ~water)) (not (exec (action guess) (x ?x) (y ?y))) =>
  (assert (exec (step ?s) (action guess) (x ?x) (y ?y))) (pop-focus))
(defrule AGENT::shoot (declare (salience -5)) (status (step ?s) (currently running)) (moves (fires ?f&:(> ?f 0)))
  (k-per-row (row ?x) (num ?n&:(> ?n 2))) (k-per-col (col ?y) (num ?m&:(> ?m 2)))
  (not (k-cell (x ?x) (y ?y))) (not (exec (action fire) (x ?x) (y ?y))) =>
  (assert (exec (step ?s) (action fire) (x ?x) (y ?y))) (pop-focus))
(defrule AGENT::stop (declare (salience -10)) (status (step ?s) (currently running)) =>
  (assert (exec (step ?s) (action solve))) (pop-focus))
