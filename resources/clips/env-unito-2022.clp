;;; ENV's conditions as the course's unito-2022 edition orders them (docs/rules.md, "Agenda order").
;;;
;;; CLIPS builds a pattern node for each rule condition in the order rules
;;; are defined, and rules that share a condition share its node. In the
;;; course, ENV's rules are loaded before the agent, so their conditions come
;;; first in the pattern network, and two agent rules of equal salience can
;;; be activated in another order than without them. These rules define the
;;; same conditions, in the same order, so that an agent's rules are ordered
;;; as in the course. Each ends with a condition that is never true
;;; (ENV::never-fires is never asserted), so none of them ever fires: the
;;; engine (app/core) carries out the actions and keeps the score.


(defrule ENV::carry-out-fire
   ?us <- (status (step ?s) (currently running))
   (exec (step ?s) (action fire) (x ?x) (y ?y))
   ?mvs <- (moves (fires ?nf &:(> ?nf 0)))
   (never-fires)
   =>)

(defrule ENV::carry-out-guess
   ?us <- (status (step ?s) (currently running))
   (exec (step ?s) (action guess) (x ?x) (y ?y))
   ?mvs <- (moves (guesses ?ng &:(> ?ng 0)))
   (never-fires)
   =>)

(defrule ENV::carry-out-unguess
   ?us <- (status (step ?s) (currently running))
   (exec (step ?s) (action unguess) (x ?x) (y ?y))
   ?gu <- (guess ?x ?y)
   ?mvs <- (moves (guesses ?ng &:(< ?ng 20)))
   (never-fires)
   =>)

(defrule ENV::carry-out-solve
   ?us <- (status (step ?s) (currently running))
   (exec (step ?s) (action solve))
   (never-fires)
   =>)

(defrule ENV::count-fire-on-ship
   (fire ?x ?y)
   ?fc <- (cell (x ?x) (y ?y) (content boat) (status none))
   ?st <- (statistics (num_fire_ok ?fok))
   (never-fires)
   =>)

(defrule ENV::count-fire-on-water
   (fire ?x ?y)
   ?fc <- (cell (x ?x) (y ?y) (content water) (status none))
   ?st <- (statistics (num_fire_ko ?fko))
   (never-fires)
   =>)

(defrule ENV::mark-hit-row-ship
   (cell (x ?x) (y ?y) (content hit-boat))
   ?b<- (boat-hor (x ?x) (ys $? ?y $?) (size ?s) (status $?prima safe $?dopo))
   (not (considered ?x ?y))
   (never-fires)
   =>)

(defrule ENV::mark-hit-column-ship
   (cell (x ?x) (y ?y) (content hit-boat))
   (not (considered ?x ?y))
   ?b <-(boat-ver (xs $? ?x $?) (y ?y) (size ?s) (status $?prima safe $?dopo))
   (never-fires)
   =>)

(defrule ENV::note-sunk-row-ship
   (cell (x ?x) (y ?y) (content hit-boat))
   (boat-hor (name ?n) (x ?x) (ys $? ?y $?) (size ?s) (status $?ss))
   (or (and (test (eq ?s 1)) (test (subsetp $?ss (create$ hit))))
          (and (test (eq ?s 2)) (test (subsetp $?ss (create$ hit hit))))
          (and (test (eq ?s 3)) (test (subsetp $?ss (create$ hit hit hit))))
          (and (test (eq ?s 4)) (test (subsetp $?ss (create$ hit hit hit hit)))))
   (never-fires)
   =>)

(defrule ENV::note-sunk-column-ship
   (cell (x ?x) (y ?y) (content hit-boat))
   (boat-ver (name ?n) (xs $? ?x $?) (y ?y) (size ?s) (status $?ss))
   (or (and (test (eq ?s 1)) (test (subsetp $?ss (create$ hit))))
          (and (test (eq ?s 2)) (test (subsetp $?ss (create$ hit hit))))
          (and (test (eq ?s 3)) (test (subsetp $?ss (create$ hit hit hit))))
          (and (test (eq ?s 4)) (test (subsetp $?ss (create$ hit hit hit hit)))))
   (never-fires)
   =>)

(defrule ENV::count-flag-on-ship
   (solve)
   (guess ?x ?y)
   ?c <- (cell (x ?x) (y ?y) (content boat) (status none))
   ?st <- (statistics (num_guess_ok ?gok))
   (never-fires)
   =>)

(defrule ENV::count-flag-on-water
   (solve)
   (guess ?x ?y)
   ?c <- (cell (x ?x) (y ?y) (content water) (status none))
   ?st <- (statistics (num_guess_ko ?gko))
   (never-fires)
   =>)

(defrule ENV::count-ship-cell-left-safe
   (solve)
   ?c <-(cell (x ?x) (y ?y) (content boat) (status none))
   (not (guess ?x ?y))
   ?st <- (statistics (num_safe ?saf))
   (never-fires)
   =>)

(defrule ENV::count-sunk-ship
   (solve)
   ?s<- (sink-boat ?n)
   (not (sink-checked ?n))
   ?st <- (statistics (num_sink ?sink))
   (never-fires)
   =>)

(defrule ENV::print-score (declare (salience -10))
   (solve)
   (statistics (num_fire_ok ?fok) (num_fire_ko ?fko) (num_guess_ok ?gok) (num_guess_ko ?gko) (num_safe ?saf) (num_sink ?sink))
   (moves (fires ?nf) (guesses ?ng))
   (never-fires)
   =>)

(defrule ENV::fire-on-known-cell
   (k-cell (x ?x) (y ?y) (content ?c&:(neq ?c water)))
   ?st <- (statistics (num_fire_ok ?fok))
   (not (resetted ?x ?y))
   (never-fires)
   =>)

(defrule ENV::reveal-sub (declare (salience 10))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content boat))
   (boat-hor (x ?x) (ys ?y $?) (size 1))
   (not (k-cell (x ?x) (y ?y) ) )
   (never-fires)
   =>)

(defrule ENV::reveal-left (declare (salience 5))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content boat))
   (boat-hor (x ?x) (ys ?y $?))
   (not (k-cell (x ?x) (y ?y) ))
   (never-fires)
   =>)

(defrule ENV::reveal-right (declare (salience 5))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content boat))
   (boat-hor (x ?x) (ys $? ?y))
   (not (k-cell (x ?x) (y ?y)) )
   (never-fires)
   =>)

(defrule ENV::reveal-top (declare (salience 5))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content boat))
   (boat-ver (y ?y) (xs ?x $?))
   (not (k-cell (x ?x) (y ?y) ) )
   (never-fires)
   =>)

(defrule ENV::reveal-bot (declare (salience 5))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content boat))
   (boat-ver (y ?y) (xs $? ?x))
   (not (k-cell (x ?x) (y ?y) ) )
   (never-fires)
   =>)

(defrule ENV::reveal-middle (declare (salience 5))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content boat))
   (not (k-cell (x ?x) (y ?y) ) )
   (never-fires)
   =>)

(defrule ENV::reveal-water (declare (salience 5))
   (fire ?x ?y)
   (cell (x ?x) (y ?y) (content water))
   (not (k-cell (x ?x) (y ?y) ) )
   (never-fires)
   =>)
