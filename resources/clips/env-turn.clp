;;; The environment's turn (ENV, loaded after env.clp and env-EDITION.clp),
;;; as in the course, with the Python engine as the one authority in between:
;;; - take-exec: MAIN gave ENV the focus and an exec for the current step
;;;   exists: the run stops (halt), the bridge reads the step's execs and the
;;;   engine carries out the newest one the course's ENV could carry out;
;;; - mirror-outcome: the bridge puts the engine's outcome in ENV's private
;;;   globals (env.clp) and fires this one rule, which changes status, moves,
;;;   the new k-cell and statistics in the course's order. Then the focus pops
;;;   back to MAIN, which gives the turn to AGENT.

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
   (if (eq ?*bridge-statistics* reset) then   ; the course changed it even when the counts end the same
      (do-for-fact ((?t statistics)) TRUE
         (if (and (eq ?t:num_fire_ok ?*bridge-fok*) (eq ?t:num_fire_ko ?*bridge-fko*)) then
            (modify ?t (num_fire_ok (+ ?*bridge-fok* 1))))
         (modify ?t (num_fire_ok ?*bridge-fok*) (num_fire_ko ?*bridge-fko*))))
   (if (eq ?*bridge-statistics* all) then
      (do-for-fact ((?t statistics)) TRUE
         (if (and (eq ?t:num_fire_ok ?*bridge-fok*) (eq ?t:num_fire_ko ?*bridge-fko*)
                  (eq ?t:num_guess_ok ?*bridge-gok*) (eq ?t:num_guess_ko ?*bridge-gko*)
                  (eq ?t:num_safe ?*bridge-safe*) (eq ?t:num_sink ?*bridge-sink*)) then
            (modify ?t (num_fire_ok (+ ?*bridge-fok* 1))))
         (modify ?t (num_fire_ok ?*bridge-fok*) (num_fire_ko ?*bridge-fko*) (num_guess_ok ?*bridge-gok*)
                    (num_guess_ko ?*bridge-gko*) (num_safe ?*bridge-safe*) (num_sink ?*bridge-sink*)))))
