;;; ENV module of the course's CLIPS protocol (docs/rules.md, "The CLIPS protocol").
;;;
;;; Only the three public templates are exported. The hidden map (cell,
;;; boat-hor, boat-ver) and the scoring stay with the Python engine, so an
;;; agent that looks for them finds nothing. The map's public facts are the
;;; deffacts ENV::map-facts, built by the bridge before the agent loads (so
;;; they are older than the agent's own initial facts, as in the course).
;;;
;;; The bridge loads three files into ENV, in this order: this one (the
;;; module, its templates and the globals that carry a step's outcome), then
;;; env-EDITION.clp (conditions in the order of the course's ENV rules of the
;;; game's edition, never true: they only order the pattern network as in the
;;; course), then env-turn.clp (the environment's turn).

(defmodule ENV
   (import MAIN ?ALL)
   (export deftemplate k-cell k-per-row k-per-col))

;;; The course's hidden-map templates, never asserted here (the engine keeps
;;; the hidden map); the conditions in env-EDITION.clp refer to them.
(deftemplate cell
   (slot x)
   (slot y)
   (slot content (allowed-values water boat hit-boat))
   (slot status (allowed-values none guessed fired missed)))

(deftemplate boat-hor
   (slot name)
   (slot x)
   (multislot ys)
   (slot size)
   (multislot status (allowed-values safe hit)))

(deftemplate boat-ver
   (slot name)
   (multislot xs)
   (slot y)
   (slot size)
   (multislot status (allowed-values safe hit)))

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

;;; The outcome of the step, set by the bridge (not exported: agents do not see them).
(defglobal ENV
   ?*bridge-step* = 0            ; status: the new step
   ?*bridge-currently* = running ; status: running, or stopped after the solve
   ?*bridge-fires* = nil         ; moves: fires left, or nil to leave moves alone (a rejected action)
   ?*bridge-guesses* = 0
   ?*bridge-content* = nil       ; the new k-cell's content, or nil for none
   ?*bridge-x* = 0
   ?*bridge-y* = 0
   ?*bridge-statistics* = none   ; none, fire or reset (the two fire counts; reset: changed even if equal), all (the six)
   ?*bridge-fok* = 0
   ?*bridge-fko* = 0
   ?*bridge-gok* = 0
   ?*bridge-gko* = 0
   ?*bridge-safe* = 0
   ?*bridge-sink* = 0)
