;;; MAIN module of the course's CLIPS protocol (docs/rules.md, "The CLIPS protocol").
;;;
;;; Templates, slots and exports are exactly those a course agent expects.
;;; The focus flow is the course's: MAIN gives the focus to AGENT while the
;;; game runs; when AGENT's focus pops and an exec for the current step
;;; exists, MAIN gives the focus to ENV. ENV's rules stop the run, the Python
;;; bridge (app/backends/clips) carries the exec out with the game engine, and
;;; ENV mirrors the outcome into status, moves, k-cell and statistics facts.
;;;
;;; The initial facts (maxduration, status, statistics, the private start
;;; marker, moves) are the deffacts MAIN::initial-facts, which the bridge
;;; builds right after loading this file with the limits of the game's rules
;;; profile, so that (reset) asserts them first, in the course's order.

(defmodule MAIN (export ?ALL))

(deftemplate exec
   (slot step)
   (slot action (allowed-values fire guess unguess solve))
   (slot x)
   (slot y))

(deftemplate status
   (slot step)
   (slot currently (allowed-values running stopped)))

(deftemplate moves
   (slot fires)
   (slot guesses))

(deftemplate statistics
   (slot num_fire_ok)
   (slot num_fire_ko)
   (slot num_guess_ok)
   (slot num_guess_ko)
   (slot num_safe)
   (slot num_sink))
;;; Not the course's: what the agent draws on the board (docs/markers.md). After each step the
;;; app reads the board-marker facts in working memory (only when there are some) and draws each on its cell:
;;; a number (value) and/or a short label (at most 6 characters shown), in one of a few colours (nil: shaded
;;; by the number). An agent that asserts none is not affected; one marker per cell (the newest wins), at most
;;; 100. For example: (assert (board-marker (x 3) (y 4) (value 0.42))), (assert (board-marker (x 0) (y 0)
;;; (label "sub?") (colour orange))).
(deftemplate board-marker
   (slot x (type INTEGER))
   (slot y (type INTEGER))
   (slot value (type NUMBER SYMBOL) (default nil))
   (slot label (type STRING SYMBOL) (default ""))
   (slot colour (type SYMBOL) (allowed-symbols nil blue green orange red grey) (default nil)))
;;; Not the course's either: the app asserts (board-markers-wanted) at the game's start only when something
;;; shows the markers (the window, a game log); in bench, grade or the coach nothing reads them, and an agent
;;; whose drawing costs work can skip it by matching this fact (docs/markers.md). Its facts are simply not read.
(deftemplate board-markers-wanted)

;;; The agent's turn: while the game runs and steps remain.
(defrule go-on-agent (declare (salience 20))
   (maxduration ?d)
   (status (step ?s&:(< ?s ?d)) (currently running))
   =>
   (focus AGENT))

;;; The agent's focus popped and it left an exec for the current step:
;;; the environment's turn (ENV, with the bridge carrying the action out).
(defrule go-on-env (declare (salience 30))
   (status (step ?s))
   (exec (step ?s))
   =>
   (focus ENV))

;;; Step limit reached: MAIN itself asks for the solve.
(defrule game-over
   (maxduration ?d)
   (status (step ?s&:(>= ?s ?d)) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (focus ENV))

;;; CLIPS 6.3 functions that 6.4 dropped, so that old agents run unmodified.
(deffunction length (?value)
   (if (multifieldp ?value) then (length$ ?value) else (str-length ?value)))

(deffunction member (?value ?list)
   (member$ ?value ?list))

(deffunction subset (?sub ?list)
   (subsetp ?sub ?list))

(deffunction nth (?index ?list)
   (nth$ ?index ?list))

(deffunction str-explode (?text)
   (explode$ ?text))

(deffunction str-implode (?list)
   (implode$ ?list))
