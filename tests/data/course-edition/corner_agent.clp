; An agent written for the edition beside it: it reads MAIN's map-size, fires at the last row's corners and
; flags what it hit. Against the app's own MAIN its rules do not load (no map-size template): it stalls at once.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::targets (target 0 first) (target 1 last))
(defrule AGENT::fire (status (step ?s) (currently running)) (map-size (rows ?r) (cols ?c)) (target ?s ?which) =>
  (assert (exec (step ?s) (action fire) (x (- ?r 1)) (y (if (eq ?which first) then 0 else (- ?c 1))))) (pop-focus))
(defrule AGENT::flag (status (step ?s&:(>= ?s 2)) (currently running)) (k-cell (x ?x) (y ?y) (content ~water))
  (not (exec (action guess) (x ?x) (y ?y))) =>
  (assert (exec (step ?s) (action guess) (x ?x) (y ?y))) (pop-focus))
(defrule AGENT::done (declare (salience -10)) (status (step ?s&:(>= ?s 2)) (currently running)) =>
  (assert (exec (step ?s) (action solve))) (pop-focus))
