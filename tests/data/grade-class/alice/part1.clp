;;; "counter" (written for the similarity corpus): keeps how many ship cells each row and column still
;;; hides, fires where the two counts add up most, flags the unknown cells of a line whose count equals
;;; its unknown cells, then solves.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate line-left (slot axis) (slot index) (slot left))
