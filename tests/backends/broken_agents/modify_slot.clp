; A course-style rule with a slot typo in a `modify` on line 11: CLIPS checks modify's slots once the whole
; rule is read and names the rule's last line (15); the app names line 11 (issue 29).
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate AGENT::guess-done (slot x) (slot y) (slot count))

(defrule AGENT::count-guesses
   (status (step ?s) (currently running))
   ?g <- (guess-done (x ?x) (y ?y) (count ?n))
   =>
   (modify ?g (cuont (+ ?n 1)))
   (printout t "guess " ?x " " ?y crlf)
   (assert (exec (step ?s) (action solve)))
   (pop-focus)
)
