; Case: fires at cells with k-cells (maps/contradicting.clp: a top on water, water on a ship, a top on a left end).
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::plan (plan 0 fire 0 5) (plan 1 fire 7 1) (plan 2 fire 1 3) (plan 3 guess 7 2) (plan 4 guess 0 5)
  (plan 5 solve nil nil))
(defrule AGENT::act (status (step ?s) (currently running)) (plan ?s ?a ?x ?y) =>
  (assert (exec (step ?s) (action ?a) (x ?x) (y ?y))) (pop-focus))
