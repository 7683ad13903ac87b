; Case: CLIPS 6.3's length, which 6.4 dropped: run gives MAIN a length (and member, nth...), so crosscheck's
; course side must too, or the agent's go rule does not load there and the two games part at the first exec.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::words (word "abcd"))
(defrule AGENT::go (status (step ?s) (currently running)) (word ?w) =>
  (assert (exec (step ?s) (action fire) (x (length ?w)) (y (length (create$ a b))))) (pop-focus))
(defrule AGENT::stop (declare (salience 10)) (status (step ?s&:(> ?s 0)) (currently running)) =>
  (assert (exec (step ?s) (action solve))) (pop-focus))
