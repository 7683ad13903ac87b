; Case: off-board fires and guesses use the resource and count nothing; an off-board flag can be unguessed.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::plan (plan 0 fire -1 3) (plan 1 fire 10 10) (plan 2 guess 12 0) (plan 3 unguess 12 0)
  (plan 4 guess 0 -4) (plan 5 solve nil nil))
(defrule AGENT::act (status (step ?s) (currently running)) (plan ?s ?a ?x ?y) =>
  (assert (exec (step ?s) (action ?a) (x ?x) (y ?y))) (pop-focus))
