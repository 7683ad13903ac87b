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
