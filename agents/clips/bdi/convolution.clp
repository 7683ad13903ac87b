;;; CONVOLUTION: the "filtering" step of the BDI agent (seed report 001).
;;;
;;; For one ship of size L, every position and orientation of a 1xL mask is a
;;; convolution-area with one conv-cell per covered cell. The check-conv-*
;;; rules drop the areas that break a constraint:
;;;   - the mask stays inside the board (only such areas are generated);
;;;   - it covers no water (known or believed) and no cell claimed by another
;;;     placed ship (compatible with the earlier flags);
;;;   - every cell known from the environment under it is the right piece
;;;     (a top at the top end of a vertical ship, a sub alone, ...), and no
;;;     known ship cell that no ship claims touches it from outside;
;;;   - the free counts (updated-k-per-row / -col) of its rows and columns
;;;     leave room for it, and for the known ship cells there it does not cover;
;;;   - it is not a placement abandoned by backtracking that is still young:
;;;     with aging report, every pass for a ship of size L ages every plan of
;;;     size L by one, and an abandoned one is blocked while its age is below
;;;     max-age; with aging pushes, its age counts the plans pushed since it
;;;     was abandoned, and it is blocked while that is at most max-age. With
;;;     give-up retry a plan already retried once stays blocked (a second, and
;;;     last, chance); with the other give-up values a revival ends the game.
;;; The score of an area is the sum of the heat under the mask; the best area
;;; (highest score, first generated on ties) is the result.

(defmodule CONVOLUTION (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL) (import HEAT ?ALL) (export ?ALL))

;;; The request (asserted by DELIBERATE) and the answer.
(deftemplate convolve (slot ship) (slot size))
(deftemplate convolution-result
   (slot ship) (slot size) (slot found)
   (slot x) (slot y) (slot orientation) (slot score)
   (slot candidates))

(deftemplate convolution-area
   (slot id) (slot size)
   (slot x) (slot y) (slot orientation (allowed-values ver hor))
   (slot score (default 0)))

(deftemplate conv-cell
   (slot area) (slot x) (slot y) (slot position)
   (slot counted (default FALSE)))

;;; Known ship cells no placed ship claims yet (a snapshot for one convolution).
(deftemplate unclaimed-hint (slot x) (slot y))

(deffunction piece-at (?orientation ?size ?position)
   "The piece a ship of ?size lying ?orientation has at ?position (1 = stern, at x-stern/y-stern)."
   (if (= ?size 1) then (return sub))
   (if (= ?position 1) then (return (if (eq ?orientation hor) then left else top)))
   (if (= ?position ?size) then (return (if (eq ?orientation hor) then right else bot)))
   middle)

(deffunction in-ring (?cx ?cy ?x ?y ?orientation ?size)
   "Whether (?cx,?cy) touches the ship at (?x,?y) without being one of its cells."
   (bind ?dx (if (eq ?orientation ver) then (- ?size 1) else 0))
   (bind ?dy (if (eq ?orientation hor) then (- ?size 1) else 0))
   (and (>= ?cx (- ?x 1)) (<= ?cx (+ ?x ?dx 1)) (>= ?cy (- ?y 1)) (<= ?cy (+ ?y ?dy 1))
        (not (and (>= ?cx ?x) (<= ?cx (+ ?x ?dx)) (>= ?cy ?y) (<= ?cy (+ ?y ?dy))))))

(deffunction unclaimed-hints-in-row (?x ?from ?to)
   "Known ship cells of row ?x outside columns ?from..?to that no placed ship claims."
   (length$ (find-all-facts ((?u unclaimed-hint)) (and (eq ?u:x ?x) (or (< ?u:y ?from) (> ?u:y ?to))))))

(deffunction unclaimed-hints-in-col (?y ?from ?to)
   "Known ship cells of column ?y outside rows ?from..?to that no placed ship claims."
   (length$ (find-all-facts ((?u unclaimed-hint)) (and (eq ?u:y ?y) (or (< ?u:x ?from) (> ?u:x ?to))))))

(defrule generate-areas (declare (salience 100))
   (convolve (size ?size))
   (not (areas-generated))
   =>
   (assert (areas-generated))
   (if (eq (param aging) report) then
      (do-for-all-facts ((?p plan)) (eq ?p:size ?size) (modify ?p (age (+ ?p:age 1)))))
   (do-for-all-facts ((?h b-cell)) (eq ?h:content hint)
      (if (not (any-factp ((?c b-cell)) (and (eq ?c:content boat) (eq ?c:x ?h:x) (eq ?c:y ?h:y))))
         then (assert (unclaimed-hint (x ?h:x) (y ?h:y)))))
   (bind ?id 0)
   (bind ?orientations (if (= ?size 1) then (create$ hor) else (create$ hor ver)))
   (foreach ?o ?orientations
      (bind ?dx (if (eq ?o ver) then 1 else 0))
      (bind ?dy (if (eq ?o hor) then 1 else 0))
      (loop-for-count (?x 0 (- 9 (* ?dx (- ?size 1)))) do
         (loop-for-count (?y 0 (- 9 (* ?dy (- ?size 1)))) do
            (bind ?id (+ ?id 1))
            (assert (convolution-area (id ?id) (size ?size) (x ?x) (y ?y) (orientation ?o)))
            (loop-for-count (?i 1 ?size) do
               (assert (conv-cell (area ?id) (position ?i)
                                  (x (+ ?x (* ?dx (- ?i 1)))) (y (+ ?y (* ?dy (- ?i 1)))))))))))

;;; --- the constraints ------------------------------------------------------------
(defrule check-conv-cell-free (declare (salience 50))
   ?a <- (convolution-area (id ?id))
   (conv-cell (area ?id) (x ?x) (y ?y))
   (b-cell (x ?x) (y ?y) (content water|boat))
   =>
   (retract ?a))

(defrule check-conv-cell-piece (declare (salience 50))
   ?a <- (convolution-area (id ?id) (size ?size) (orientation ?o))
   (conv-cell (area ?id) (x ?x) (y ?y) (position ?i))
   (k-cell (x ?x) (y ?y) (content ?c&~water&:(neq ?c (piece-at ?o ?size ?i))))
   =>
   (retract ?a))

(defrule check-conv-ring (declare (salience 50))
   ?a <- (convolution-area (id ?id) (size ?size) (x ?x) (y ?y) (orientation ?o))
   (unclaimed-hint (x ?hx) (y ?hy))
   (test (in-ring ?hx ?hy ?x ?y ?o ?size))
   =>
   (retract ?a))

;;; Room in a line: its free count, minus the known ship cells in it that no
;;; placed ship claims yet and that this ship would not cover (they will need
;;; a ship of their own), must hold the ship's cells in that line.
(defrule check-conv-row-room (declare (salience 50))
   ?a <- (convolution-area (orientation hor) (size ?size) (x ?x) (y ?y))
   (updated-k-per-row (row ?x) (num ?n&:(< (- ?n (unclaimed-hints-in-row ?x ?y (+ ?y ?size -1))) ?size)))
   =>
   (retract ?a))

(defrule check-conv-col-room (declare (salience 50))
   ?a <- (convolution-area (orientation ver) (size ?size) (x ?x) (y ?y))
   (updated-k-per-col (col ?y) (num ?n&:(< (- ?n (unclaimed-hints-in-col ?y ?x (+ ?x ?size -1))) ?size)))
   =>
   (retract ?a))

(defrule check-conv-cell-row (declare (salience 50))
   ?a <- (convolution-area (id ?id) (orientation ver))
   (conv-cell (area ?id) (x ?x) (y ?y))
   (updated-k-per-row (row ?x) (num ?n&:(< (- ?n (unclaimed-hints-in-row ?x ?y ?y)) 1)))
   =>
   (retract ?a))

(defrule check-conv-cell-col (declare (salience 50))
   ?a <- (convolution-area (id ?id) (orientation hor))
   (conv-cell (area ?id) (x ?x) (y ?y))
   (updated-k-per-col (col ?y) (num ?n&:(< (- ?n (unclaimed-hints-in-col ?y ?x ?x)) 1)))
   =>
   (retract ?a))

(defrule check-conv-tabu (declare (salience 50))
   ?a <- (convolution-area (size ?size) (x ?x) (y ?y) (orientation ?o))
   (plan (size ?size) (x ?x) (y ?y) (orientation ?o) (state abandoned) (age ?age) (tries ?tries))
   (agent-params (max-age ?max) (aging ?aging) (give-up ?give-up))
   (test (or (if (eq ?aging report) then (< ?age ?max) else (<= ?age ?max))
             (and (eq ?give-up retry) (>= ?tries 2))))
   =>
   (retract ?a))

;;; --- the score: the heat under the mask ------------------------------------------
(defrule conv-cell-score (declare (salience 10))
   ?a <- (convolution-area (id ?id) (score ?s))
   ?c <- (conv-cell (area ?id) (x ?x) (y ?y) (counted FALSE))
   (heat (x ?x) (y ?y) (value ?h))
   =>
   (modify ?c (counted TRUE))
   (modify ?a (score (+ ?s ?h))))

;;; --- the answer --------------------------------------------------------------------
(defrule pick-best-area
   ?request <- (convolve (ship ?ship) (size ?size))
   ?generated <- (areas-generated)
   =>
   (bind ?best FALSE)
   (bind ?count 0)
   (do-for-all-facts ((?a convolution-area)) TRUE
      (bind ?count (+ ?count 1))
      (if (or (not ?best) (> ?a:score (fact-slot-value ?best score))) then (bind ?best ?a)))
   (if ?best
      then (assert (convolution-result (ship ?ship) (size ?size) (found TRUE) (candidates ?count)
                      (x (fact-slot-value ?best x)) (y (fact-slot-value ?best y))
                      (orientation (fact-slot-value ?best orientation)) (score (fact-slot-value ?best score))))
      else (assert (convolution-result (ship ?ship) (size ?size) (found FALSE) (candidates 0))))
   (do-for-all-facts ((?a convolution-area)) TRUE (retract ?a))
   (do-for-all-facts ((?c conv-cell)) TRUE (retract ?c))
   (do-for-all-facts ((?u unclaimed-hint)) TRUE (retract ?u))
   (retract ?request ?generated))
