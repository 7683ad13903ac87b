;;; PLANNING: turns the BDI agent's intentions into actions and plans (seed report 001).
;;;
;;; intention-fire / intention-solve -> one action outside any plan.
;;; intention-surrender -> solve; with give-up keep-best, first unguess and
;;; guess back to the flags of the first dead end, if more were up then.
;;; intention-sink -> a plan: a guess on each cell of the ship, then a water
;;; belief on each cell around it, pushed on the plan stack. If a plan for the
;;; same placement was abandoned earlier (give-up retry only: it is old enough
;;; and was never retried, or CONVOLUTION would not have chosen it), it is
;;; refreshed and pushed again instead: its second and last chance.
;;; With aging pushes, every push ages the abandoned plans by one.
;;; intention-abort -> the top plan is undone (AGENT executes its actions
;;; backwards, unguessing its flags) and popped: backtracking.

(defmodule PLANNING (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL))

(deffunction new-action (?plan ?type ?x ?y)
   "Assert a pending action; its id names its plan (or none), type and cell, so it is the same in every game."
   (bind ?id (sym-cat ?plan - ?type - ?x - ?y))
   (assert (action (id ?id) (plan ?plan) (type ?type) (x ?x) (y ?y)
                   (seq (length$ (find-all-facts ((?a action)) (eq ?a:plan none))))))
   ?id)

(deffunction ship-actions (?plan ?x ?y ?orientation ?size)
   "Guesses on the ship's cells, then water beliefs on the cells around it (inside the board)."
   (bind ?dx (if (eq ?orientation ver) then 1 else 0))
   (bind ?dy (if (eq ?orientation hor) then 1 else 0))
   (bind ?ids (create$))
   (loop-for-count (?i 0 (- ?size 1)) do
      (bind ?ids (create$ ?ids (new-action ?plan guess (+ ?x (* ?dx ?i)) (+ ?y (* ?dy ?i))))))
   (loop-for-count (?cx (- ?x 1) (+ ?x (* ?dx (- ?size 1)) 1)) do
      (loop-for-count (?cy (- ?y 1) (+ ?y (* ?dy (- ?size 1)) 1)) do
         (if (and (on-board ?cx ?cy)
                  (not (and (>= ?cx ?x) (<= ?cx (+ ?x (* ?dx (- ?size 1))))
                            (>= ?cy ?y) (<= ?cy (+ ?y (* ?dy (- ?size 1)))))))
            then (bind ?ids (create$ ?ids (new-action ?plan water ?cx ?cy))))))
   ?ids)

(deffunction push-plan (?plan)
   "Put ?plan on top of the stack; with aging pushes every abandoned plan gets one step older."
   (do-for-fact ((?s plan-stack)) TRUE (modify ?s (plans ?plan ?s:plans)))
   (if (eq (param aging) pushes) then
      (do-for-all-facts ((?p plan)) (eq ?p:state abandoned) (modify ?p (age (+ ?p:age 1))))))

(deffunction plan-text (?size ?orientation ?x ?y)
   (str-cat (ship-type ?size) " " ?orientation " at " (cell-text ?x ?y)))

(defrule plan-fire
   ?i <- (intention-fire (x ?x) (y ?y))
   =>
   (retract ?i)
   (new-action none fire ?x ?y))

(defrule plan-solve
   ?i <- (intention-solve (reason ?why))
   =>
   (retract ?i)
   (printout t "BDI: intention: solve (" ?why ")" crlf)
   (new-action none solve nil nil))

(defrule plan-surrender
   ?i <- (intention-surrender (reason ?why))
   (agent-params (give-up ?mode))
   (status (step ?s))
   (maxduration ?d)
   =>
   (retract ?i)
   (bind ?now (flagged-cells))
   (printout t "BDI: surrender: " ?why "; solving with the " (length$ ?now) " flags up" crlf)
   (bind ?then (create$))
   (do-for-fact ((?f first-dead-end)) TRUE (bind ?then ?f:flags))
   (if (and (eq ?mode keep-best) (> (length$ ?then) (length$ ?now))) then
      (bind ?off (create$))
      (foreach ?c ?now (if (not (member$ ?c ?then)) then (bind ?off (create$ ?off ?c))))
      (bind ?on (create$))
      (foreach ?c ?then (if (not (member$ ?c ?now)) then (bind ?on (create$ ?on ?c))))
      (if (< (+ (length$ ?off) (length$ ?on)) (- ?d ?s 1))
         then (printout t "BDI: keep-best: back to the " (length$ ?then) " flags of the first dead end ("
                          (length$ ?off) " off, " (length$ ?on) " on)" crlf)
              (foreach ?c ?off (new-action none unguess (div ?c 10) (mod ?c 10)))
              (foreach ?c ?on (new-action none guess (div ?c 10) (mod ?c 10)))
         else (printout t "BDI: keep-best: no steps left to put back the flags of the first dead end" crlf)))
   (new-action none solve nil nil))

(defrule plan-retry (declare (salience 10))
   ?i <- (intention-sink (ship ?ship) (size ?size) (x-stern ?x) (y-stern ?y) (orientation ?o))
   ?p <- (plan (id ?id) (size ?size) (x ?x) (y ?y) (orientation ?o) (state abandoned) (age ?age) (tries ?t))
   ?sh <- (ship (id ?ship))
   (agent-params (max-age ?max))
   =>
   (retract ?i)
   (modify ?p (ship ?ship) (state executing) (counter 1) (age 0) (tries (+ ?t 1)))
   (modify ?sh (plan ?id))
   (push-plan ?id)
   (printout t "BDI: plan " ?id ": retried (" (plan-text ?size ?o ?x ?y) "), age " ?age " > max-age " ?max
               ", try " (+ ?t 1) crlf))

(defrule plan-new
   ?i <- (intention-sink (ship ?ship) (size ?size) (x-stern ?x) (y-stern ?y) (orientation ?o))
   (not (plan (size ?size) (x ?x) (y ?y) (orientation ?o)))
   ?sh <- (ship (id ?ship))
   =>
   (retract ?i)
   (bind ?id (sym-cat p (+ 1 (length$ (find-all-facts ((?p plan)) TRUE)))))
   (bind ?actions (ship-actions ?id ?x ?y ?o ?size))
   (assert (plan (id ?id) (ship ?ship) (size ?size) (x ?x) (y ?y) (orientation ?o)
                 (action-sequence ?actions) (state executing)))
   (modify ?sh (plan ?id))
   (push-plan ?id)
   (printout t "BDI: plan " ?id ": " (plan-text ?size ?o ?x ?y) ", " (length$ ?actions)
               " actions; stack depth " (length$ (fact-slot-value (nth$ 1 (find-fact ((?s plan-stack)) TRUE)) plans))
               crlf))

(defrule plan-backtracking
   ?i <- (intention-abort)
   (plan-stack (plans ?top $?))
   ?p <- (plan (id ?top) (action-sequence $?seq))
   =>
   (retract ?i)
   (modify ?p (state undoing) (counter (length$ ?seq)))
   (printout t "BDI: plan " ?top ": undoing its " (length$ ?seq) " actions, last first" crlf))
