; Case: several exec facts for one step, asserted by one rule with no pop-focus (an unguess for every flag).
; The course's ENV carries out one (the newest) and the others stay in working memory, for a step that has
; passed: the agent's take-back rule keeps matching them (it unguesses no cell twice) and its done rule solves.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::plan (flag-at 0 0 0) (flag-at 1 0 1) (flag-at 2 0 2) (flag-at 3 0 3))
(defrule AGENT::flag (status (step ?s) (currently running)) (flag-at ?s ?x ?y) =>
  (assert (exec (step ?s) (action guess) (x ?x) (y ?y))) (pop-focus))
(defrule AGENT::take-back (status (step ?s&:(>= ?s 4)) (currently running))
  (exec (action guess) (x ?x) (y ?y)) (not (exec (action unguess) (x ?x) (y ?y))) =>
  (assert (exec (step ?s) (action unguess) (x ?x) (y ?y))))
(defrule AGENT::done (declare (salience -10)) (status (step ?s&:(>= ?s 4)) (currently running))
  (not (exec (step ?s))) =>
  (assert (exec (step ?s) (action solve))) (pop-focus))
