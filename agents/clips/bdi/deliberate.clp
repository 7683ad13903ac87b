;;; DELIBERATE: chooses the BDI agent's next intention (seed report 001).
;;;
;;; In order: while fires are left, fire (intention-fire) at an unknown cell
;;; chosen by the fire strategy; then, for the largest ship still to place,
;;; ask CONVOLUTION for the best placement: found -> intention-sink, unless it
;;; is a placement abandoned before (a revival): then, but with give-up retry,
;;; surrender (intention-surrender); not found (a dead end) -> intention-abort
;;; (backtracking) if there is a plan to undo and the steps left allow undoing
;;; and redoing it (and give-up is not dead-end), else surrender; every ship
;;; placed -> intention-solve. Each rule that decides pops the focus.

(defmodule DELIBERATE (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL) (import HEAT ?ALL)
   (import CONVOLUTION ?ALL))

(defglobal ?*max-thoughts* = 40)  ; deliberations in one turn before the agent gives up

(deffunction unknown-cells ()
   (find-all-facts ((?h heat)) (eq ?h:known FALSE)))

(deffunction nearest-heat-cell (?target)
   "The unknown cell whose heat is closest to ?target (then the hotter, then the first by row and column)."
   (bind ?best FALSE)
   (foreach ?h (unknown-cells)
      (bind ?v (fact-slot-value ?h value))
      (if (not ?best)
         then (bind ?best ?h)
         else (bind ?bv (fact-slot-value ?best value))
              (bind ?d (abs (- ?v ?target)))
              (bind ?bd (abs (- ?bv ?target)))
              (if (or (< ?d ?bd)
                      (and (= ?d ?bd) (> ?v ?bv))
                      (and (= ?d ?bd) (= ?v ?bv)
                           (< (+ (* 10 (fact-slot-value ?h x)) (fact-slot-value ?h y))
                              (+ (* 10 (fact-slot-value ?best x)) (fact-slot-value ?best y)))))
                 then (bind ?best ?h))))
   ?best)

(deffunction exact-heat-cell (?target)
   "The first unknown cell (by row, then column) whose heat is exactly ?target, or FALSE."
   (bind ?best FALSE)
   (foreach ?h (unknown-cells)
      (if (and (= (fact-slot-value ?h value) ?target)
               (or (not ?best)
                   (< (+ (* 10 (fact-slot-value ?h x)) (fact-slot-value ?h y))
                      (+ (* 10 (fact-slot-value ?best x)) (fact-slot-value ?best y)))))
         then (bind ?best ?h)))
   ?best)

(deffunction backtrack-affordable (?top ?free-steps)
   "Whether undoing plan ?top and placing again every unplaced ship (and its) fits in ?free-steps steps."
   (bind ?undo (length$ (find-all-facts ((?a action)) (and (eq ?a:plan ?top) (eq ?a:outcome exec)))))
   (bind ?redo 0)
   (do-for-all-facts ((?s ship)) (or (eq ?s:plan none) (eq ?s:plan ?top)) (bind ?redo (+ ?redo ?s:size)))
   (< (+ ?undo ?redo) ?free-steps))

;;; --- guard -------------------------------------------------------------------------
(defrule too-many-thoughts (declare (salience 100))
   (turn (thoughts ?n&:(> ?n ?*max-thoughts*)))
   =>
   (assert (intention-solve (reason "too many deliberations without an action in one turn")))
   (pop-focus))

;;; --- fire phase --------------------------------------------------------------------
(defrule deliberate-fire (declare (salience 50))
   (moves (fires ?f&:(> ?f 0)))
   (not (action (type fire) (outcome pending)))
   (not (fires-done))
   (agent-params (fire-strategy ?strategy) (median ?median))
   (fire-targets (median ?start-median) (max-max ?start-max-max))
   =>
   (if (eq ?median report)
      then (bind ?target (if (eq ?strategy median) then ?start-median else ?start-max-max))
           (bind ?cell (exact-heat-cell ?target))
      else (bind ?target (if (eq ?strategy median) then (heat-median) else (heat-max-max)))
           (bind ?cell (nearest-heat-cell ?target)))
   (if (not ?cell)
      then (assert (fires-done))
           (printout t "BDI: no unknown cell left with heat " ?target " (" ?strategy " target): no more fires" crlf)
      else (bind ?x (fact-slot-value ?cell x))
           (bind ?y (fact-slot-value ?cell y))
           (assert (intention-fire (x ?x) (y ?y) (heat (fact-slot-value ?cell value)) (target ?target)))
           (printout t "BDI: intention: fire at " (cell-text ?x ?y) " (heat " (fact-slot-value ?cell value)
                       ", " ?strategy " target " ?target ")" crlf)
           (pop-focus)))

;;; --- guess phase -------------------------------------------------------------------
(defrule deliberate-solve-complete (declare (salience 40))
   (or (moves (fires 0)) (fires-done))
   (not (ship (plan none)))
   =>
   (assert (intention-solve (reason "every ship is placed")))
   (pop-focus))

(defrule deliberate-next-ship (declare (salience 30))
   (or (moves (fires 0)) (fires-done))
   (ship (id ?id) (size ?size) (plan none))
   (not (ship (plan none) (size ?bigger&:(> ?bigger ?size))))
   (not (ship (plan none) (size ?size) (id ?first&:(< ?first ?id))))
   (not (convolve))
   (not (convolution-result))
   =>
   (assert (convolve (ship ?id) (size ?size)))
   (focus CONVOLUTION))

;;; The best placement was abandoned before: reviving it is where the report
;;; surrenders (its second chance is never played).
(defrule deliberate-surrender-at-revival (declare (salience 35))
   ?r <- (convolution-result (ship ?id) (size ?size) (found TRUE) (x ?x) (y ?y) (orientation ?o))
   (plan (id ?p) (size ?size) (x ?x) (y ?y) (orientation ?o) (state abandoned) (age ?age))
   (agent-params (give-up ?mode&~retry) (max-age ?max))
   =>
   (retract ?r)
   (assert (intention-surrender (reason (str-cat "plan " ?p " (" (ship-type ?size) " " ?o " at " (cell-text ?x ?y)
                                                 "), abandoned, would be revived (age " ?age ", max-age " ?max ")"))))
   (pop-focus))

(defrule deliberate-sink (declare (salience 30))
   ?r <- (convolution-result (ship ?id) (size ?size) (found TRUE) (x ?x) (y ?y) (orientation ?o) (score ?score)
                             (candidates ?n))
   =>
   (retract ?r)
   (assert (intention-sink (ship ?id) (size ?size) (type (ship-type ?size)) (x-stern ?x) (y-stern ?y)
                           (orientation ?o) (score ?score)))
   (printout t "BDI: intention: sink a " (ship-type ?size) " " ?o " at " (cell-text ?x ?y) " (heat sum " ?score
               ", best of " ?n " allowed placements)" crlf)
   (pop-focus))

;;; The first dead end: remember the flags up (give-up keep-best puts them back
;;; at the surrender if more were up then than at the end).
(defrule remember-first-dead-end (declare (salience 40))
   (convolution-result (found FALSE))
   (not (first-dead-end))
   =>
   (bind ?cells (flagged-cells))
   (assert (first-dead-end (flags ?cells)))
   (printout t "BDI: first dead end, " (length$ ?cells) " flags up" crlf))

(defrule deliberate-abort (declare (salience 30))
   ?r <- (convolution-result (ship ?id) (size ?size) (found FALSE))
   (agent-params (give-up ~dead-end))
   (plan-stack (plans ?top $?))
   (plan (id ?top) (ship ?popped) (size ?top-size))
   (status (step ?s))
   (maxduration ?d)
   (test (backtrack-affordable ?top (- ?d ?s 1)))
   =>
   (retract ?r)
   (assert (intention-abort (ship ?id)))
   (printout t "BDI: intention: abort - no allowed placement for a " (ship-type ?size)
               "; backtracking the last plan " ?top " (" (ship-type ?top-size) ")" crlf)
   (pop-focus))

(defrule deliberate-give-up (declare (salience 20))
   ?r <- (convolution-result (ship ?id) (size ?size) (found FALSE))
   (agent-params (give-up ?mode))
   =>
   (retract ?r)
   (assert (intention-surrender (reason (str-cat "no allowed placement for a " (ship-type ?size)
                                                 (if (eq ?mode dead-end) then " (give-up dead-end)"
                                                  else " and no backtracking left")))))
   (pop-focus))
