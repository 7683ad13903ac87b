; an ever-growing multifield: stopped by the memory limit (or the step's time cap)
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::grow (status (step ?s) (currently running)) =>
   (bind ?m (create$ a b c d e f g h))
   (while TRUE do (bind ?m (create$ ?m ?m))))
