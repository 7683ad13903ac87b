;;; ENV module of the course's CLIPS protocol (GAME.md, "The CLIPS protocol").
;;;
;;; Only the three public templates exist. The hidden map (cell, boat-hor,
;;; boat-ver) and the scoring stay with the Python engine, so an agent that
;;; looks for them finds nothing. The map's public facts are the deffacts
;;; ENV::map-facts, built by the bridge before the agent loads (so they are
;;; older than the agent's own initial facts, as in the course).
;;;
;;; ENV has no rules: when MAIN focuses it, the focus pops at once, the run
;;; ends, and the bridge carries out the most recent exec of the current step.

(defmodule ENV
   (import MAIN ?ALL)
   (export deftemplate k-cell k-per-row k-per-col))

(deftemplate k-cell
   (slot x)
   (slot y)
   (slot content (allowed-values water left right middle top bot sub)))

(deftemplate k-per-row
   (slot row)
   (slot num))

(deftemplate k-per-col
   (slot col)
   (slot num))
