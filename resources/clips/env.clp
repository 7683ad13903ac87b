;;; ENV module of the course's CLIPS protocol (GAME.md, "The CLIPS protocol").
;;;
;;; Only the three public templates are exported. The hidden map (cell,
;;; boat-hor, boat-ver) and the scoring stay with the Python engine, so an
;;; agent that looks for them finds nothing. The map's public facts are the
;;; deffacts ENV::map-facts, built by the bridge before the agent loads (so
;;; they are older than the agent's own initial facts, as in the course).
;;;
;;; ENV's two rules are the environment's turn, as in the course, with the
;;; Python engine as the one authority in between:
;;; - take-exec: MAIN gave ENV the focus and an exec for the current step
;;;   exists: the run stops (halt), the bridge reads the most recent such exec
;;;   and the engine carries it out;
;;; - mirror-outcome: the bridge puts the engine's outcome in ENV's private
;;;   globals below and fires this one rule, which changes status, moves, the
;;;   new k-cell and statistics in GAME.md's order. Then the focus pops back
;;;   to MAIN, which gives the turn to AGENT.

(defmodule ENV
   (import MAIN ?ALL)
   (export deftemplate k-cell k-per-row k-per-col))

(deftemplate k-cell
   (slot x)
   (slot y)
   (slot content (allowed-values water left right middle top bot sub)))

(deftemplate k-per-row
   (slot row)
   (slot num))

(deftemplate k-per-col
   (slot col)
   (slot num))

;;; The outcome of the step, set by the bridge (not exported: agents do not see them).
(defglobal ENV
   ?*bridge-step* = 0            ; status: the new step
   ?*bridge-currently* = running ; status: running, or stopped after the solve
   ?*bridge-fires* = nil         ; moves: fires left, or nil to leave moves alone (a rejected action)
   ?*bridge-guesses* = 0
   ?*bridge-content* = nil       ; the new k-cell's content, or nil for none
   ?*bridge-x* = 0
   ?*bridge-y* = 0
   ?*bridge-statistics* = none   ; none, fire (the two fire counts) or all (the six, after the solve)
   ?*bridge-fok* = 0
   ?*bridge-fko* = 0
   ?*bridge-gok* = 0
   ?*bridge-gko* = 0
   ?*bridge-safe* = 0
   ?*bridge-sink* = 0)

(defrule take-exec (declare (salience 10))
   (status (step ?s))
   (exec (step ?s))
   =>
   (halt))

;;; CLIPS 6.4's modify leaves a fact alone when no value changes; here the
;;; fact is then modified twice, so it still gets a new time tag, as in 6.3.
(defrule mirror-outcome
   ?status <- (status (step ?s))
   (exec (step ?s))
   =>
   (modify ?status (step ?*bridge-step*) (currently ?*bridge-currently*))
   (if (integerp ?*bridge-fires*) then
      (do-for-fact ((?m moves)) TRUE
         (if (and (eq ?m:fires ?*bridge-fires*) (eq ?m:guesses ?*bridge-guesses*)) then
            (modify ?m (fires (+ ?*bridge-fires* 1))))
         (modify ?m (fires ?*bridge-fires*) (guesses ?*bridge-guesses*))))
   (if (neq ?*bridge-content* nil) then
      (assert (k-cell (x ?*bridge-x*) (y ?*bridge-y*) (content ?*bridge-content*))))
   (if (eq ?*bridge-statistics* fire) then
      (do-for-fact ((?t statistics)) TRUE
         (modify ?t (num_fire_ok ?*bridge-fok*) (num_fire_ko ?*bridge-fko*))))
   (if (eq ?*bridge-statistics* all) then
      (do-for-fact ((?t statistics)) TRUE
         (if (and (eq ?t:num_fire_ok ?*bridge-fok*) (eq ?t:num_fire_ko ?*bridge-fko*)
                  (eq ?t:num_guess_ok ?*bridge-gok*) (eq ?t:num_guess_ko ?*bridge-gko*)
                  (eq ?t:num_safe ?*bridge-safe*) (eq ?t:num_sink ?*bridge-sink*)) then
            (modify ?t (num_fire_ok (+ ?*bridge-fok* 1))))
         (modify ?t (num_fire_ok ?*bridge-fok*) (num_fire_ko ?*bridge-fko*) (num_guess_ok ?*bridge-gok*)
                    (num_guess_ko ?*bridge-gko*) (num_safe ?*bridge-safe*) (num_sink ?*bridge-sink*)))))
