;;; BDI agent (after seed report 001): heat map, median fires, contextual inference, convolution, plans with backtracking.
;;;
;;; The agent reads the world (k-cells, counts, fire results), keeps beliefs
;;; (b-cell facts), deliberates one intention at a time (DELIBERATE), turns it
;;; into a plan of actions on a plan stack (PLANNING), and executes the plan one
;;; action per step (this module). A ship placement that leads nowhere is undone
;;; (backtracking: unguess its flags) and kept, aged, so that it is not retried
;;; at once. Modules: AGENT (this file), HEAT, DISCOVER, CONVOLUTION, DELIBERATE,
;;; PLANNING, loaded in the order of load-order.txt.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

;;; ------------------------------------------------------------------------
;;; Parameters. The CLIPS bridge sets these slots from the command line:
;;;   --agent-param max-age=10 --agent-param fire-strategy=max-max
;;; The defaults are the rules of seed report 001; the other values are ours,
;;; kept to be measured against them (docs/agents.md has the figures).
;;; max-age: an abandoned placement may be chosen again once its age reaches
;;;   max-age (aging report) or exceeds it (aging pushes).
;;; fire-strategy: median (fire where the heat is the median) or max-max (fire
;;;   where the heat is the highest value that has a cell for every fire).
;;; median: report - the target is computed once, at the start, from the
;;;   distinct heat values of the cells not known then, and the agent fires
;;;   only at cells with exactly that heat; cells - recomputed before every
;;;   fire over the unknown cells counted one by one, nearest heat wins.
;;; aging: report - a plan's age counts the convolution passes for ships of
;;;   its size since it was made; pushes - it counts the plans pushed since it
;;;   was abandoned (reset to 0 at every abandonment).
;;; give-up: report - surrender (solve with the flags up) the first time an
;;;   abandoned placement would be revived; keep-best - the same, but first put
;;;   back the flags of the first dead end if more flags were up then;
;;;   dead-end - surrender at the first dead end, never backtrack; retry - the
;;;   revived plan gets its second and last chance, and backtracking goes on
;;;   while the steps left allow it.
(deftemplate agent-params
   (slot max-age (type INTEGER) (range 0 ?VARIABLE) (default 5))
   (slot fire-strategy (type SYMBOL) (allowed-values median max-max) (default median))
   (slot median (type SYMBOL) (allowed-values report cells) (default report))
   (slot aging (type SYMBOL) (allowed-values report pushes) (default report))
   (slot give-up (type SYMBOL) (allowed-values report keep-best dead-end retry) (default report))
   ;; draw the heat map of the cells not known yet on the board (HEAT; docs/markers.md)
   (slot markers (type SYMBOL) (allowed-values on off) (default on)))

(deffunction param (?name)
   "The value of agent parameter ?name."
   (fact-slot-value (nth$ 1 (find-fact ((?p agent-params)) TRUE)) ?name))

(deffacts parameters (agent-params))

;;; ------------------------------------------------------------------------
;;; Beliefs.
;;; b-cell: what the agent holds about one cell. water: certain (percept or
;;; inference, plan none) or believed (around a ship a plan placed, plan P);
;;; hint: certainly a ship cell (never retracted); boat: claimed by the ship of
;;; plan P (a flag, or a cell known at start that the ship covers).
(deftemplate b-cell
   (slot x) (slot y)
   (slot content (allowed-values water boat hint))
   (slot plan (default none)))

;;; Ship cells still free in each row / column: the counts minus the cells
;;; claimed by placed ships (k-cells and hints do not count: a ship must still
;;; be laid over them).
(deftemplate updated-k-per-row (slot row) (slot num))
(deftemplate updated-k-per-col (slot col) (slot num))

;;; Desires: the fleet to find. plan: the plan that placed it, or none.
(deftemplate ship (slot id) (slot size) (slot plan (default none)))

;;; ------------------------------------------------------------------------
;;; Intentions (asserted by DELIBERATE, consumed by PLANNING).
(deftemplate intention-fire (slot x) (slot y) (slot heat) (slot target))
(deftemplate intention-sink
   (slot ship) (slot size) (slot type)
   (slot x-stern) (slot y-stern)
   (slot orientation (allowed-values ver hor))
   (slot score))
;;; The report has these two as ordered facts; they are templates here so that
;;; every module sees the same ones (an ordered fact belongs to the module that
;;; first uses it).
(deftemplate intention-abort (slot ship))        ; the ship that found no place
(deftemplate intention-solve (slot reason (type STRING)))
;;; Giving up before every ship is placed: solve with the flags up (with
;;; give-up keep-best, those of the first dead end if more were up then).
(deftemplate intention-surrender (slot reason (type STRING)))

;;; The flags up (10x+y) at the first convolution that found no placement.
(deftemplate first-dead-end (multislot flags))

;;; ------------------------------------------------------------------------
;;; Actions and plans.
;;; action outcome: pending (to do), belief (done in the agent's beliefs only),
;;; exec (sent to the environment), skipped (nothing to do). One-off actions
;;; (plan none: fires, the flags put back at a surrender, solve) run in the
;;; order of their seq.
(deftemplate action
   (slot id)
   (slot plan (default none))
   (slot seq (default 0))
   (slot type (allowed-values fire guess unguess water solve))
   (slot x) (slot y)
   (slot outcome (default pending) (allowed-values pending belief exec skipped)))

;;; A plan places one ship: guesses on its cells, water beliefs around it.
;;; counter: the next action to execute (1-based); when undoing, the next
;;; action to undo, going down to 0. age: see the aging parameter above.
;;; tries: how many times it was pushed (2 at most, with give-up retry).
(deftemplate plan
   (slot id) (slot ship) (slot size)
   (slot x) (slot y) (slot orientation)
   (multislot action-sequence)
   (slot counter (default 1))
   (slot age (default 0))
   (slot tries (default 1))
   (slot state (allowed-values executing placed undoing abandoned)))

;;; The plan stack, top first.
(deftemplate plan-stack (multislot plans))

;;; The current turn; thoughts counts deliberations in it (a guard against
;;; deliberating forever without acting).
(deftemplate turn (slot step) (slot thoughts (default 0)))

;;; ------------------------------------------------------------------------
;;; Helpers shared by the modules.
(deffunction on-board (?x ?y)
   (and (>= ?x 0) (<= ?x 9) (>= ?y 0) (<= ?y 9)))

(deffunction ship-type (?size)
   (switch ?size
      (case 4 then air-carrier)
      (case 3 then cruiser)
      (case 2 then destroyer)
      (case 1 then submarine)
      (default (sym-cat ship- ?size))))

(deffunction cell-text (?x ?y)
   (str-cat "(" ?x "," ?y ")"))

(deffunction claim-counts (?x ?y ?delta)
   "Add ?delta to the free ship cells of row ?x and column ?y."
   (do-for-fact ((?r updated-k-per-row)) (eq ?r:row ?x) (modify ?r (num (+ ?r:num ?delta))))
   (do-for-fact ((?c updated-k-per-col)) (eq ?c:col ?y) (modify ?c (num (+ ?c:num ?delta)))))

(deffunction fleet-for (?total)
   "The standard fleet (4 3 3 2 2 2 1 1 1 1), smallest ships dropped while it has more cells than ?total."
   (bind ?fleet (create$ 4 3 3 2 2 2 1 1 1 1))
   (bind ?cells 20)
   (while (and (> ?cells ?total) (> (length$ ?fleet) 0)) do
      (bind ?cells (- ?cells (nth$ (length$ ?fleet) ?fleet)))
      (bind ?fleet (delete$ ?fleet (length$ ?fleet) (length$ ?fleet))))
   ?fleet)

(deffunction flagged-cells ()
   "10x+y of every cell the agent has flagged and not taken back, in the order flagged."
   (bind ?cells (create$))
   (do-for-all-facts ((?a action)) (and (eq ?a:type guess) (eq ?a:outcome exec))
      (bind ?cells (create$ ?cells (+ (* 10 ?a:x) ?a:y))))
   ?cells)

(deffunction top-plan ()
   "The id of the plan on top of the stack, or none."
   (bind ?top none)
   (do-for-fact ((?s plan-stack)) TRUE
      (if (> (length$ ?s:plans) 0) then (bind ?top (nth$ 1 ?s:plans))))
   ?top)

;;; ------------------------------------------------------------------------
;;; Rules: initialise beliefs and desires once, perceive at each turn start,
;;; execute the top plan one action at a time, deliberate when idle.

(defrule begin-game (declare (salience 200))
   (not (started))
   =>
   (assert (started))
   (bind ?total 0)
   (do-for-all-facts ((?r k-per-row)) TRUE
      (assert (updated-k-per-row (row ?r:row) (num ?r:num)))
      (bind ?total (+ ?total ?r:num)))
   (do-for-all-facts ((?c k-per-col)) TRUE
      (assert (updated-k-per-col (col ?c:col) (num ?c:num))))
   (bind ?fleet (fleet-for ?total))
   (loop-for-count (?i 1 (length$ ?fleet)) do
      (assert (ship (id ?i) (size (nth$ ?i ?fleet)))))
   (assert (plan-stack))
   (printout t "BDI: desires: sink " (length$ ?fleet) " ships of sizes " (implode$ ?fleet)
               " (" ?total " ship cells); max-age " (param max-age) ", fire strategy " (param fire-strategy)
               ", median " (param median) ", aging " (param aging) ", give-up " (param give-up) crlf))

(defrule begin-turn (declare (salience 100))
   (status (step ?s) (currently running))
   (not (turn (step ?s)))
   =>
   (do-for-all-facts ((?t turn)) TRUE (retract ?t))
   (assert (turn (step ?s)))
   (focus DISCOVER HEAT))

;;; --- one-off actions (fire, flags put back at a surrender, solve) ------------
(defrule execute-action (declare (salience 20))
   (status (step ?s) (currently running))
   (turn (step ?s))
   (not (exec (step ?s)))
   ?a <- (action (plan none) (outcome pending) (type ?type) (x ?x) (y ?y) (seq ?n))
   (not (action (plan none) (outcome pending) (seq ?m&:(< ?m ?n))))
   =>
   (modify ?a (outcome exec))
   (if (eq ?type solve)
      then (assert (exec (step ?s) (action solve)))
           (printout t "BDI: step " ?s ": solve" crlf)
      else (assert (exec (step ?s) (action ?type) (x ?x) (y ?y)))
           (printout t "BDI: step " ?s ": " ?type " " (cell-text ?x ?y) crlf))
   (pop-focus))

;;; --- executing the top plan ------------------------------------------------
(defrule execute-water (declare (salience 10))
   (status (step ?s) (currently running))
   (turn (step ?s))
   (not (exec (step ?s)))
   (plan-stack (plans ?p $?))
   ?plan <- (plan (id ?p) (state executing) (counter ?c) (action-sequence $?seq&:(<= ?c (length$ ?seq))))
   ?a <- (action (id =(nth$ ?c ?seq)) (type water) (x ?x) (y ?y))
   =>
   (if (any-factp ((?b b-cell)) (and (eq ?b:x ?x) (eq ?b:y ?y)))
      then (modify ?a (outcome skipped))
      else (assert (b-cell (x ?x) (y ?y) (content water) (plan ?p)))
           (modify ?a (outcome belief)))
   (modify ?plan (counter (+ ?c 1))))

;;; A cell the environment already shows as ship: claimed, no flag needed.
(defrule execute-guess-on-known-cell (declare (salience 10))
   (status (step ?s) (currently running))
   (turn (step ?s))
   (not (exec (step ?s)))
   (plan-stack (plans ?p $?))
   ?plan <- (plan (id ?p) (state executing) (counter ?c) (action-sequence $?seq&:(<= ?c (length$ ?seq))))
   ?a <- (action (id =(nth$ ?c ?seq)) (type guess) (x ?x) (y ?y))
   (k-cell (x ?x) (y ?y) (content ~water))
   =>
   (assert (b-cell (x ?x) (y ?y) (content boat) (plan ?p)))
   (claim-counts ?x ?y -1)
   (modify ?a (outcome belief))
   (modify ?plan (counter (+ ?c 1))))

(defrule execute-guess (declare (salience 10))
   (status (step ?s) (currently running))
   (turn (step ?s))
   (not (exec (step ?s)))
   (moves (guesses ?g))
   (plan-stack (plans ?p $?))
   ?plan <- (plan (id ?p) (state executing) (counter ?c) (action-sequence $?seq&:(<= ?c (length$ ?seq))))
   ?a <- (action (id =(nth$ ?c ?seq)) (type guess) (x ?x) (y ?y))
   (not (k-cell (x ?x) (y ?y) (content ~water)))
   =>
   (assert (b-cell (x ?x) (y ?y) (content boat) (plan ?p)))
   (claim-counts ?x ?y -1)
   (modify ?plan (counter (+ ?c 1)))
   (if (> ?g 0)
      then (modify ?a (outcome exec))
           (assert (exec (step ?s) (action guess) (x ?x) (y ?y)))
           (printout t "BDI: step " ?s ": guess " (cell-text ?x ?y) " (plan " ?p ")" crlf)
           (pop-focus)
      else (modify ?a (outcome belief))
           (printout t "BDI: no flag left for " (cell-text ?x ?y) " (plan " ?p ")" crlf)))

(defrule plan-executed (declare (salience 10))
   (plan-stack (plans ?p $?))
   ?plan <- (plan (id ?p) (state executing) (counter ?c) (action-sequence $?seq&:(> ?c (length$ ?seq))))
   =>
   (modify ?plan (state placed)))

;;; --- undoing the top plan (backtracking), last action first ----------------
(defrule undo-belief (declare (salience 10))
   (status (step ?s) (currently running))
   (turn (step ?s))
   (not (exec (step ?s)))
   (plan-stack (plans ?p $?))
   ?plan <- (plan (id ?p) (state undoing) (counter ?c&:(>= ?c 1)) (action-sequence $?seq))
   ?a <- (action (id =(nth$ ?c ?seq)) (type ?type) (x ?x) (y ?y) (outcome ?o&belief|skipped))
   =>
   (if (eq ?o belief) then
      (do-for-fact ((?b b-cell)) (and (eq ?b:x ?x) (eq ?b:y ?y) (eq ?b:plan ?p)) (retract ?b))
      (if (eq ?type guess) then (claim-counts ?x ?y 1)))
   (modify ?a (outcome pending))
   (modify ?plan (counter (- ?c 1))))

(defrule undo-flag (declare (salience 10))
   (status (step ?s) (currently running))
   (turn (step ?s))
   (not (exec (step ?s)))
   (plan-stack (plans ?p $?))
   ?plan <- (plan (id ?p) (state undoing) (counter ?c&:(>= ?c 1)) (action-sequence $?seq))
   ?a <- (action (id =(nth$ ?c ?seq)) (type guess) (x ?x) (y ?y) (outcome exec))
   =>
   (do-for-fact ((?b b-cell)) (and (eq ?b:x ?x) (eq ?b:y ?y) (eq ?b:plan ?p)) (retract ?b))
   (claim-counts ?x ?y 1)
   (modify ?a (outcome pending))
   (modify ?plan (counter (- ?c 1)))
   (assert (exec (step ?s) (action unguess) (x ?x) (y ?y)))
   (printout t "BDI: step " ?s ": unguess " (cell-text ?x ?y) " (backtracking plan " ?p ")" crlf)
   (pop-focus))

(defrule plan-undone (declare (salience 10))
   ?stack <- (plan-stack (plans ?p $?rest))
   ?plan <- (plan (id ?p) (state undoing) (counter 0) (ship ?ship) (size ?size) (x ?x) (y ?y) (orientation ?o))
   ?sh <- (ship (id ?ship))
   =>
   (if (eq (param aging) pushes)
      then (modify ?plan (state abandoned) (age 0) (counter 1))
      else (modify ?plan (state abandoned) (counter 1)))
   (modify ?sh (plan none))
   (modify ?stack (plans ?rest))
   (printout t "BDI: backtracked: plan " ?p " (" (ship-type ?size) " " ?o " at " (cell-text ?x ?y)
               ") popped from the stack; " (length$ ?rest) " plans left on it" crlf))

;;; --- nothing to execute: deliberate (DELIBERATE, then PLANNING) ------------
(defrule think
   (status (step ?s) (currently running))
   ?t <- (turn (step ?s) (thoughts ?n))
   (not (exec (step ?s)))
   (not (plan (state executing|undoing)))
   (not (action (plan none) (outcome pending)))
   =>
   (modify ?t (thoughts (+ ?n 1)))
   (focus DELIBERATE PLANNING))
