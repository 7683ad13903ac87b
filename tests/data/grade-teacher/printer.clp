;;; Prints what would break a page that embeds its notes raw, then solves.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::say-and-solve
   (status (step ?s) (currently running))
   =>
   (printout t "<!--<script>" crlf)
   (printout t "</script><b>not markup</b>" crlf)
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
