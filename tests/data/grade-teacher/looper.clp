;;; Loops for ever inside its turn (a student's bug): each firing asserts the fact the next one matches.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate AGENT::tick (slot n))

(deffacts AGENT::start (tick (n 0)))

(defrule AGENT::spin
   ?tick <- (tick (n ?n))
   =>
   (retract ?tick)
   (assert (tick (n (+ ?n 1)))))
