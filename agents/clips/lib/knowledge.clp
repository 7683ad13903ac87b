;;; Shared knowledge base of the "incrocio" and "probabilistico" agents (seed report 000).
;;;
;;; One AGENT module. Knowledge rules (positive salience) squeeze what they can
;;; out of the counts and the known cells; action rules (negative salience)
;;; flag what is certainly ship, fire where the knowledge says it pays, then
;;; ask the strategy file's (pick-target fire|guess) where to fire and flag by
;;; heuristic, and finally solve.
;;;
;;; What the agent believes about a cell:
;;;   my-k-cell  its content is known (water or the exact piece);
;;;   f-cell     certainly ship, piece unknown;
;;;   b-cell     possibly ship (next to a known piece).
;;; row-left / col-left count the ship cells of a row / column not yet known
;;; (each known ship cell is counted once, see counted). fleet-left counts the
;;; ships of each length not yet found (only when the map holds 20 ship cells,
;;; the standard fleet; otherwise no rule relies on the fleet).
;;;
;;; Salience tiers: 200 setup, 150 what the environment told, 100 counting,
;;; 90 creating cells, 80 dropping b-cells, 70 found ships, 60 diagonals,
;;; 50 pieces' neighbourhoods, 40 f-cell conversions, 30 closing ships,
;;; 20 guesses around a lone middle, 5 row/column sweep; actions below 0.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate my-k-cell (slot x) (slot y) (slot content))
(deftemplate f-cell (slot x) (slot y))
(deftemplate b-cell (slot x) (slot y))
(deftemplate counted (slot x) (slot y))
(deftemplate row-left (slot row) (slot num))
(deftemplate col-left (slot col) (slot num))
(deftemplate fleet-left (slot size) (slot num))
(deftemplate fleet-known (slot standard))
(deftemplate found-ship (slot x) (slot y) (slot size) (slot dir) (slot tallied (default no)))
(deftemplate middle-direction (slot x) (slot y))
(deftemplate want-water (slot x) (slot y) (slot why))
(deftemplate want-ship (slot x) (slot y) (slot why))
(deftemplate want-maybe (slot x) (slot y))
(deftemplate no-target (slot step) (slot purpose))
(deftemplate scores-drawn (slot step))  ; the step of the scores on the board (draw-scores)

;;; ------------------------------------------------------------------ helpers

(deffunction on-board (?x ?y)
   (and (integerp ?x) (integerp ?y) (>= ?x 0) (<= ?x 9) (>= ?y 0) (<= ?y 9)))

(deffunction cell-index (?x ?y)
   (+ (* ?x 10) ?y 1))

;;; 100 flags (row-major): 1 where the content is not known (no my-k-cell, no f-cell).
(deffunction unknown-grid ()
   (bind ?grid (create$))
   (loop-for-count (?i 1 100) (bind ?grid (create$ ?grid 1)))
   (do-for-all-facts ((?k my-k-cell)) TRUE
      (bind ?grid (replace$ ?grid (cell-index ?k:x ?k:y) (cell-index ?k:x ?k:y) 0)))
   (do-for-all-facts ((?f f-cell)) TRUE
      (bind ?grid (replace$ ?grid (cell-index ?f:x ?f:y) (cell-index ?f:x ?f:y) 0)))
   ?grid)

;;; 100 flags: 1 where the agent may still fire or flag (unknown, never fired, never flagged).
(deffunction open-grid ()
   (bind ?grid (unknown-grid))
   (do-for-all-facts ((?e exec)) (and (or (eq ?e:action fire) (eq ?e:action guess)) (on-board ?e:x ?e:y))
      (bind ?grid (replace$ ?grid (cell-index ?e:x ?e:y) (cell-index ?e:x ?e:y) 0)))
   ?grid)

(deffunction rows-left ()
   (bind ?rows (create$ 0 0 0 0 0 0 0 0 0 0))
   (do-for-all-facts ((?r row-left)) TRUE
      (bind ?rows (replace$ ?rows (+ ?r:row 1) (+ ?r:row 1) ?r:num)))
   ?rows)

(deffunction cols-left ()
   (bind ?cols (create$ 0 0 0 0 0 0 0 0 0 0))
   (do-for-all-facts ((?c col-left)) TRUE
      (bind ?cols (replace$ ?cols (+ ?c:col 1) (+ ?c:col 1) ?c:num)))
   ?cols)

;;; Unknown cells of row ?x (or of column ?x when ?by-col) in a 100-flag grid.
(deffunction unknown-in-line (?grid ?x ?by-col)
   (bind ?n 0)
   (loop-for-count (?i 0 9)
      (bind ?index (if ?by-col then (cell-index ?i ?x) else (cell-index ?x ?i)))
      (bind ?n (+ ?n (nth$ ?index ?grid))))
   ?n)

;;; ------------------------------------------------------------------ setup

(defrule copy-row-count (declare (salience 200))
   (k-per-row (row ?x) (num ?n))
   (not (row-left (row ?x)))
   =>
   (assert (row-left (row ?x) (num ?n))))

(defrule copy-col-count (declare (salience 200))
   (k-per-col (col ?y) (num ?n))
   (not (col-left (col ?y)))
   =>
   (assert (col-left (col ?y) (num ?n))))

(defrule know-the-fleet (declare (salience 200))
   (not (fleet-known))
   =>
   (bind ?cells 0)
   (do-for-all-facts ((?r k-per-row)) TRUE (bind ?cells (+ ?cells ?r:num)))
   (if (= ?cells 20)
      then
      (assert (fleet-known (standard yes))
              (fleet-left (size 4) (num 1)) (fleet-left (size 3) (num 2))
              (fleet-left (size 2) (num 3)) (fleet-left (size 1) (num 4)))
      else
      (printout t "The map holds " ?cells " ship cells, not the standard 20: no reasoning on the fleet." crlf)
      (assert (fleet-known (standard no)))))

;;; ------------------------------------------------------------------ what the environment told

(defrule learn-k-cell (declare (salience 150))
   (k-cell (x ?x) (y ?y) (content ?c))
   (not (my-k-cell (x ?x) (y ?y)))
   =>
   (assert (my-k-cell (x ?x) (y ?y) (content ?c)))
   (do-for-all-facts ((?f f-cell)) (and (= ?f:x ?x) (= ?f:y ?y)) (retract ?f)))

(defrule learn-miss (declare (salience 150))
   (exec (step ?s) (action fire) (x ?x) (y ?y))
   (status (step ?now&:(> ?now ?s)))
   (not (k-cell (x ?x) (y ?y)))
   (not (my-k-cell (x ?x) (y ?y)))
   =>
   (printout t "The fire at (" ?x ", " ?y ") revealed nothing: it is water." crlf)
   (do-for-all-facts ((?b b-cell)) (and (= ?b:x ?x) (= ?b:y ?y)) (retract ?b))
   (assert (my-k-cell (x ?x) (y ?y) (content water))))

;;; ------------------------------------------------------------------ counting

(defrule count-ship-cell (declare (salience 100))
   (or (my-k-cell (x ?x) (y ?y) (content ~water))
       (f-cell (x ?x) (y ?y)))
   (not (counted (x ?x) (y ?y)))
   ?row <- (row-left (row ?x) (num ?in-row))
   ?col <- (col-left (col ?y) (num ?in-col))
   =>
   (assert (counted (x ?x) (y ?y)))
   (modify ?row (num (- ?in-row 1)))
   (modify ?col (num (- ?in-col 1))))

;;; ------------------------------------------------------------------ creating cells

(defrule make-water (declare (salience 90))
   (want-water (x ?x) (y ?y))
   (test (on-board ?x ?y))
   (not (my-k-cell (x ?x) (y ?y)))
   (not (f-cell (x ?x) (y ?y)))
   =>
   (assert (my-k-cell (x ?x) (y ?y) (content water))))

(defrule make-ship (declare (salience 90))
   (want-ship (x ?x) (y ?y) (why ?why))
   (test (on-board ?x ?y))
   (not (my-k-cell (x ?x) (y ?y)))
   (not (f-cell (x ?x) (y ?y)))
   =>
   (printout t "(" ?x ", " ?y ") is certainly ship: " ?why "." crlf)
   (assert (f-cell (x ?x) (y ?y))))

(defrule make-maybe (declare (salience 90))
   (want-maybe (x ?x) (y ?y))
   (test (on-board ?x ?y))
   (not (my-k-cell (x ?x) (y ?y)))
   (not (f-cell (x ?x) (y ?y)))
   (not (b-cell (x ?x) (y ?y)))
   (not (exec (action fire) (x ?x) (y ?y)))
   (row-left (row ?x) (num ?r&:(> ?r 0)))
   (col-left (col ?y) (num ?c&:(> ?c 0)))
   =>
   (assert (b-cell (x ?x) (y ?y))))

(defrule something-new (declare (salience 95))
   (or (my-k-cell (x ?x) (y ?y)) (f-cell (x ?x) (y ?y)))
   =>
   (assert (sweep-rows-and-columns)))

;;; ------------------------------------------------------------------ dropping b-cells

(defrule drop-b-cell-known (declare (salience 80))
   ?b <- (b-cell (x ?x) (y ?y))
   (or (my-k-cell (x ?x) (y ?y)) (f-cell (x ?x) (y ?y)))
   =>
   (retract ?b))

(defrule drop-b-cell-full-row (declare (salience 80))
   ?b <- (b-cell (x ?x))
   (row-left (row ?x) (num ?n&:(<= ?n 0)))
   =>
   (retract ?b))

(defrule drop-b-cell-full-col (declare (salience 80))
   ?b <- (b-cell (y ?y))
   (col-left (col ?y) (num ?n&:(<= ?n 0)))
   =>
   (retract ?b))

;;; ------------------------------------------------------------------ found ships

(defrule found-sub (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content sub))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 1) (dir h))))

;;; A whole ship known piece by piece (explicit shapes, so the rules react to every new piece).
(defrule found-two-across (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content left))
   (my-k-cell (x ?x) (y =(+ ?y 1)) (content right))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 2) (dir h))))

(defrule found-two-down (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content top))
   (my-k-cell (x =(+ ?x 1)) (y ?y) (content bot))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 2) (dir v))))

(defrule found-three-across (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content left))
   (my-k-cell (x ?x) (y =(+ ?y 1)) (content middle))
   (my-k-cell (x ?x) (y =(+ ?y 2)) (content right))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 3) (dir h))))

(defrule found-three-down (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content top))
   (my-k-cell (x =(+ ?x 1)) (y ?y) (content middle))
   (my-k-cell (x =(+ ?x 2)) (y ?y) (content bot))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 3) (dir v))))

(defrule found-four-across (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content left))
   (my-k-cell (x ?x) (y =(+ ?y 1)) (content middle))
   (my-k-cell (x ?x) (y =(+ ?y 2)) (content middle))
   (my-k-cell (x ?x) (y =(+ ?y 3)) (content right))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 4) (dir h))))

(defrule found-four-down (declare (salience 70))
   (my-k-cell (x ?x) (y ?y) (content top))
   (my-k-cell (x =(+ ?x 1)) (y ?y) (content middle))
   (my-k-cell (x =(+ ?x 2)) (y ?y) (content middle))
   (my-k-cell (x =(+ ?x 3)) (y ?y) (content bot))
   =>
   (assert (found-ship (x ?x) (y ?y) (size 4) (dir v))))

(defrule one-less-to-find (declare (salience 70))
   ?found <- (found-ship (x ?x) (y ?y) (size ?size) (dir ?dir) (tallied no))
   ?left <- (fleet-left (size ?size) (num ?n&:(> ?n 0)))
   =>
   (modify ?found (tallied yes))
   (modify ?left (num (- ?n 1)))
   (printout t "Found a ship of " ?size " at (" ?x ", " ?y ")"
             (if (= ?size 1) then "" else (if (eq ?dir h) then ", horizontal" else ", vertical"))
             ": " (- ?n 1) " of that length left to find." crlf))

;;; ------------------------------------------------------------------ water on the diagonals

(defrule water-on-diagonals (declare (salience 60))
   (or (my-k-cell (x ?x) (y ?y) (content ~water))
       (f-cell (x ?x) (y ?y)))
   =>
   (assert (want-water (x (- ?x 1)) (y (- ?y 1)) (why diagonal))
           (want-water (x (- ?x 1)) (y (+ ?y 1)) (why diagonal))
           (want-water (x (+ ?x 1)) (y (- ?y 1)) (why diagonal))
           (want-water (x (+ ?x 1)) (y (+ ?y 1)) (why diagonal))))

;;; ------------------------------------------------------------------ each piece's neighbourhood

(defrule around-sub (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content sub))
   =>
   (assert (want-water (x (- ?x 1)) (y ?y) (why sub)) (want-water (x (+ ?x 1)) (y ?y) (why sub))
           (want-water (x ?x) (y (- ?y 1)) (why sub)) (want-water (x ?x) (y (+ ?y 1)) (why sub))))

(defrule around-left (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content left))
   =>
   (assert (want-water (x (- ?x 1)) (y ?y) (why left)) (want-water (x (+ ?x 1)) (y ?y) (why left))
           (want-water (x ?x) (y (- ?y 1)) (why left))
           (want-ship (x ?x) (y (+ ?y 1)) (why "right of a left end"))
           (want-maybe (x ?x) (y (+ ?y 2)))))

(defrule around-right (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content right))
   =>
   (assert (want-water (x (- ?x 1)) (y ?y) (why right)) (want-water (x (+ ?x 1)) (y ?y) (why right))
           (want-water (x ?x) (y (+ ?y 1)) (why right))
           (want-ship (x ?x) (y (- ?y 1)) (why "left of a right end"))
           (want-maybe (x ?x) (y (- ?y 2)))))

(defrule around-top (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content top))
   =>
   (assert (want-water (x ?x) (y (- ?y 1)) (why top)) (want-water (x ?x) (y (+ ?y 1)) (why top))
           (want-water (x (- ?x 1)) (y ?y) (why top))
           (want-ship (x (+ ?x 1)) (y ?y) (why "below a top end"))
           (want-maybe (x (+ ?x 2)) (y ?y))))

(defrule around-bot (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content bot))
   =>
   (assert (want-water (x ?x) (y (- ?y 1)) (why bot)) (want-water (x ?x) (y (+ ?y 1)) (why bot))
           (want-water (x (+ ?x 1)) (y ?y) (why bot))
           (want-ship (x (- ?x 1)) (y ?y) (why "above a bottom end"))
           (want-maybe (x (- ?x 2)) (y ?y))))

;;; A middle lies along its ship: a ship cell on one side, or water (or the
;;; border) across it, tells which way the ship runs.
(defrule middle-runs-horizontally (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content ~water))
       (f-cell (x ?x) (y =(- ?y 1)))
       (my-k-cell (x ?x) (y =(+ ?y 1)) (content ~water))
       (f-cell (x ?x) (y =(+ ?y 1)))
       (my-k-cell (x =(- ?x 1)) (y ?y) (content water))
       (my-k-cell (x =(+ ?x 1)) (y ?y) (content water))
       (test (or (= ?x 0) (= ?x 9))))
   (not (middle-direction (x ?x) (y ?y)))
   =>
   (printout t "The middle at (" ?x ", " ?y ") belongs to a horizontal ship." crlf)
   (assert (middle-direction (x ?x) (y ?y)))
   (assert (want-water (x (- ?x 1)) (y ?y) (why middle)) (want-water (x (+ ?x 1)) (y ?y) (why middle))
           (want-ship (x ?x) (y (- ?y 1)) (why "beside a horizontal middle"))
           (want-ship (x ?x) (y (+ ?y 1)) (why "beside a horizontal middle"))
           (want-maybe (x ?x) (y (- ?y 2))) (want-maybe (x ?x) (y (+ ?y 2)))))

(defrule middle-runs-vertically (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (or (my-k-cell (x =(- ?x 1)) (y ?y) (content ~water))
       (f-cell (x =(- ?x 1)) (y ?y))
       (my-k-cell (x =(+ ?x 1)) (y ?y) (content ~water))
       (f-cell (x =(+ ?x 1)) (y ?y))
       (my-k-cell (x ?x) (y =(- ?y 1)) (content water))
       (my-k-cell (x ?x) (y =(+ ?y 1)) (content water))
       (test (or (= ?y 0) (= ?y 9))))
   (not (middle-direction (x ?x) (y ?y)))
   =>
   (printout t "The middle at (" ?x ", " ?y ") belongs to a vertical ship." crlf)
   (assert (middle-direction (x ?x) (y ?y)))
   (assert (want-water (x ?x) (y (- ?y 1)) (why middle)) (want-water (x ?x) (y (+ ?y 1)) (why middle))
           (want-ship (x (- ?x 1)) (y ?y) (why "above a vertical middle"))
           (want-ship (x (+ ?x 1)) (y ?y) (why "below a vertical middle"))
           (want-maybe (x (- ?x 2)) (y ?y)) (want-maybe (x (+ ?x 2)) (y ?y))))

;;; Nothing known around a middle yet: each side may be ship.
(defrule middle-alone (declare (salience 20))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (not (middle-direction (x ?x) (y ?y)))
   =>
   (printout t "The middle at (" ?x ", " ?y ") could run either way: its four sides may be ship." crlf)
   (assert (want-maybe (x (- ?x 1)) (y ?y)) (want-maybe (x (+ ?x 1)) (y ?y))
           (want-maybe (x ?x) (y (- ?y 1))) (want-maybe (x ?x) (y (+ ?y 1)))))

;;; Two middles side by side: the ship of four; water past both its ends.
(defrule two-middles-across (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (my-k-cell (x ?x) (y =(+ ?y 1)) (content middle))
   =>
   (printout t "Two middles at (" ?x ", " ?y ") and (" ?x ", " (+ ?y 1) "): the ship of four." crlf)
   (assert (want-water (x ?x) (y (- ?y 2)) (why four)) (want-water (x ?x) (y (+ ?y 3)) (why four))))

(defrule two-middles-down (declare (salience 50))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (my-k-cell (x =(+ ?x 1)) (y ?y) (content middle))
   =>
   (printout t "Two middles at (" ?x ", " ?y ") and (" (+ ?x 1) ", " ?y "): the ship of four." crlf)
   (assert (want-water (x (- ?x 2)) (y ?y) (why four)) (want-water (x (+ ?x 3)) (y ?y) (why four))))

;;; ------------------------------------------------------------------ f-cell -> piece

(deffunction become (?f ?x ?y ?piece)
   (printout t "The ship cell at (" ?x ", " ?y ") is a " ?piece "." crlf)
   (assert (my-k-cell (x ?x) (y ?y) (content ?piece)))
   (retract ?f))

(defrule f-cell-is-right (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content ~water)) (f-cell (x ?x) (y =(- ?y 1))))
   (or (my-k-cell (x ?x) (y =(+ ?y 1)) (content water)) (test (= ?y 9)))
   =>
   (become ?f ?x ?y right))

(defrule f-cell-is-left (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x ?x) (y =(+ ?y 1)) (content ~water)) (f-cell (x ?x) (y =(+ ?y 1))))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content water)) (test (= ?y 0)))
   =>
   (become ?f ?x ?y left))

(defrule f-cell-is-bot (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x =(- ?x 1)) (y ?y) (content ~water)) (f-cell (x =(- ?x 1)) (y ?y)))
   (or (my-k-cell (x =(+ ?x 1)) (y ?y) (content water)) (test (= ?x 9)))
   =>
   (become ?f ?x ?y bot))

(defrule f-cell-is-top (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x =(+ ?x 1)) (y ?y) (content ~water)) (f-cell (x =(+ ?x 1)) (y ?y)))
   (or (my-k-cell (x =(- ?x 1)) (y ?y) (content water)) (test (= ?x 0)))
   =>
   (become ?f ?x ?y top))

(defrule f-cell-is-sub (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x =(- ?x 1)) (y ?y) (content water)) (test (= ?x 0)))
   (or (my-k-cell (x =(+ ?x 1)) (y ?y) (content water)) (test (= ?x 9)))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content water)) (test (= ?y 0)))
   (or (my-k-cell (x ?x) (y =(+ ?y 1)) (content water)) (test (= ?y 9)))
   =>
   (become ?f ?x ?y sub))

(defrule f-cell-is-middle-across (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content ~water)) (f-cell (x ?x) (y =(- ?y 1))))
   (or (my-k-cell (x ?x) (y =(+ ?y 1)) (content ~water)) (f-cell (x ?x) (y =(+ ?y 1))))
   =>
   (become ?f ?x ?y middle))

(defrule f-cell-is-middle-down (declare (salience 40))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x =(- ?x 1)) (y ?y) (content ~water)) (f-cell (x =(- ?x 1)) (y ?y)))
   (or (my-k-cell (x =(+ ?x 1)) (y ?y) (content ~water)) (f-cell (x =(+ ?x 1)) (y ?y)))
   =>
   (become ?f ?x ?y middle))

;;; All ships of two found: a ship cell right after an end is no right/bot end but a middle.
(defrule f-cell-is-middle-no-twos-left (declare (salience 40))
   (fleet-left (size 2) (num 0))
   ?f <- (f-cell (x ?x) (y ?y))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content left))
       (my-k-cell (x ?x) (y =(+ ?y 1)) (content right))
       (my-k-cell (x =(- ?x 1)) (y ?y) (content top))
       (my-k-cell (x =(+ ?x 1)) (y ?y) (content bot)))
   =>
   (become ?f ?x ?y middle))

;;; ------------------------------------------------------------------ closing ships by the fleet

;;; The ship of four is found: a middle between two ship cells ends a ship of three.
(defrule close-three-across (declare (salience 30))
   (fleet-left (size 4) (num 0))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (or (my-k-cell (x ?x) (y =(- ?y 1)) (content ~water)) (f-cell (x ?x) (y =(- ?y 1))))
   (or (my-k-cell (x ?x) (y =(+ ?y 1)) (content ~water)) (f-cell (x ?x) (y =(+ ?y 1))))
   =>
   (assert (want-water (x ?x) (y (- ?y 2)) (why three)) (want-water (x ?x) (y (+ ?y 2)) (why three))))

(defrule close-three-down (declare (salience 30))
   (fleet-left (size 4) (num 0))
   (my-k-cell (x ?x) (y ?y) (content middle))
   (or (my-k-cell (x =(- ?x 1)) (y ?y) (content ~water)) (f-cell (x =(- ?x 1)) (y ?y)))
   (or (my-k-cell (x =(+ ?x 1)) (y ?y) (content ~water)) (f-cell (x =(+ ?x 1)) (y ?y)))
   =>
   (assert (want-water (x (- ?x 2)) (y ?y) (why three)) (want-water (x (+ ?x 2)) (y ?y) (why three))))

;;; Ships of three and four all found: two ship cells side by side are a ship of two.
(defrule close-two-across (declare (salience 30))
   (fleet-left (size 4) (num 0))
   (fleet-left (size 3) (num 0))
   (or (my-k-cell (x ?x) (y ?y) (content ~water)) (f-cell (x ?x) (y ?y)))
   (or (my-k-cell (x ?x) (y =(+ ?y 1)) (content ~water)) (f-cell (x ?x) (y =(+ ?y 1))))
   =>
   (assert (want-water (x ?x) (y (- ?y 1)) (why two)) (want-water (x ?x) (y (+ ?y 2)) (why two))))

(defrule close-two-down (declare (salience 30))
   (fleet-left (size 4) (num 0))
   (fleet-left (size 3) (num 0))
   (or (my-k-cell (x ?x) (y ?y) (content ~water)) (f-cell (x ?x) (y ?y)))
   (or (my-k-cell (x =(+ ?x 1)) (y ?y) (content ~water)) (f-cell (x =(+ ?x 1)) (y ?y)))
   =>
   (assert (want-water (x (- ?x 1)) (y ?y) (why two)) (want-water (x (+ ?x 2)) (y ?y) (why two))))

;;; Only subs are left to find: a ship cell with no ship beside it is a sub.
(defrule close-sub (declare (salience 30))
   (fleet-left (size 4) (num 0))
   (fleet-left (size 3) (num 0))
   (fleet-left (size 2) (num 0))
   (f-cell (x ?x) (y ?y))
   (not (my-k-cell (x ?x) (y =(- ?y 1)) (content ~water)))
   (not (my-k-cell (x ?x) (y =(+ ?y 1)) (content ~water)))
   (not (my-k-cell (x =(- ?x 1)) (y ?y) (content ~water)))
   (not (my-k-cell (x =(+ ?x 1)) (y ?y) (content ~water)))
   (not (f-cell (x ?x) (y =(- ?y 1))))
   (not (f-cell (x ?x) (y =(+ ?y 1))))
   (not (f-cell (x =(- ?x 1)) (y ?y)))
   (not (f-cell (x =(+ ?x 1)) (y ?y)))
   =>
   (assert (want-water (x (- ?x 1)) (y ?y) (why sub)) (want-water (x (+ ?x 1)) (y ?y) (why sub))
           (want-water (x ?x) (y (- ?y 1)) (why sub)) (want-water (x ?x) (y (+ ?y 1)) (why sub))))

;;; ------------------------------------------------------------------ rows and columns

;;; After the other knowledge rules: a line whose count is used up is water;
;;; a line with as many unknown cells as ship cells left is all ship.
(defrule sweep-lines (declare (salience 5))
   ?sweep <- (sweep-rows-and-columns)
   =>
   (retract ?sweep)
   (bind ?grid (unknown-grid))
   (bind ?rows (rows-left))
   (bind ?cols (cols-left))
   (loop-for-count (?line 0 9)
      (foreach ?by-col (create$ FALSE TRUE)
         (bind ?left (nth$ (+ ?line 1) (if ?by-col then ?cols else ?rows)))
         (bind ?unknown (unknown-in-line ?grid ?line ?by-col))
         (bind ?name (if ?by-col then "column " else "row "))
         (if (and (> ?unknown 0) (or (= ?left 0) (= ?left ?unknown))) then
            (if (= ?left 0)
               then (printout t "All ship cells of " ?name ?line " are known: its " ?unknown
                              " unknown cells are water." crlf)
               else (printout t ?name ?line " has " ?unknown " unknown cells and " ?left
                              " ship cells left: all are ship." crlf))
            (loop-for-count (?i 0 9)
               (bind ?x (if ?by-col then ?i else ?line))
               (bind ?y (if ?by-col then ?line else ?i))
               (if (= (nth$ (cell-index ?x ?y) ?grid) 1) then
                  (if (= ?left 0)
                     then (assert (want-water (x ?x) (y ?y) (why line)))
                     else (assert (want-ship (x ?x) (y ?y)
                                    (why (str-cat ?name ?line " has no other unknown cell")))))))))))

;;; ------------------------------------------------------------------ actions

;;; Flag every cell known to be ship that the environment did not tell.
(defrule flag-certain-ship (declare (salience -10))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   (or (f-cell (x ?x) (y ?y))
       (my-k-cell (x ?x) (y ?y) (content ~water)))
   (not (k-cell (x ?x) (y ?y)))
   (not (exec (action guess) (x ?x) (y ?y)))
   (not (exec (action fire) (x ?x) (y ?y)))
   =>
   (printout t "Flag (" ?x ", " ?y "): certainly ship." crlf)
   (assert (exec (step ?s) (action guess) (x ?x) (y ?y)))
   (pop-focus))

;;; An end, a middle, then a ship cell: the ship of three ends there, or it is
;;; the ship of four. Firing the ship cell tells which.
(defrule fire-to-finish-four (declare (salience -20))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (fleet-left (size 4) (num ?n&:(> ?n 0)))
   (f-cell (x ?x) (y ?y))
   (or (and (my-k-cell (x ?x) (y =(+ ?y 1)) (content middle)) (my-k-cell (x ?x) (y =(+ ?y 2)) (content right)))
       (and (my-k-cell (x ?x) (y =(- ?y 1)) (content middle)) (my-k-cell (x ?x) (y =(- ?y 2)) (content left)))
       (and (my-k-cell (x =(+ ?x 1)) (y ?y) (content middle)) (my-k-cell (x =(+ ?x 2)) (y ?y) (content bot)))
       (and (my-k-cell (x =(- ?x 1)) (y ?y) (content middle)) (my-k-cell (x =(- ?x 2)) (y ?y) (content top))))
   (not (exec (action fire) (x ?x) (y ?y)))
   =>
   (printout t "Fire (" ?x ", " ?y "): is this ship of three or four cells long?" crlf)
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

;;; A possible ship cell next to a certain one: firing it tells the ship's length.
(defrule fire-b-cell-near-f-cell (declare (salience -30))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   ?b <- (b-cell (x ?x) (y ?y))
   (or (f-cell (x ?x) (y =(- ?y 1))) (f-cell (x ?x) (y =(+ ?y 1)))
       (f-cell (x =(- ?x 1)) (y ?y)) (f-cell (x =(+ ?x 1)) (y ?y)))
   (not (exec (action fire) (x ?x) (y ?y)))
   =>
   (retract ?b)
   (printout t "Fire (" ?x ", " ?y "): it may extend the ship next to it." crlf)
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

;;; What the strategy shows on the board (MAIN's board-marker facts; docs/markers.md): the score
;;; of every cell it weighed, the cell it chose in green, on the step it was asked; gone the step after.
;;; Only when something shows them (MAIN's board-markers-wanted fact): otherwise the strategy neither
;;; gathers the scores nor draws them.
(deffunction markers-wanted ()
   "TRUE when the app shows the board markers (it asserted MAIN's board-markers-wanted at the start)."
   (any-factp ((?w board-markers-wanted)) TRUE))

(deffunction draw-scores (?best $?scores)
   "Draw ?scores (x y score, x y score, ...) as board markers, the cell ?best (x y, or nothing) in green."
   (do-for-all-facts ((?m board-marker)) TRUE (retract ?m))
   (do-for-all-facts ((?d scores-drawn)) TRUE (retract ?d))
   (do-for-fact ((?s status)) TRUE (assert (scores-drawn (step ?s:step))))
   (bind ?best-x (if (> (length$ ?best) 1) then (nth$ 1 ?best) else -1))
   (bind ?best-y (if (> (length$ ?best) 1) then (nth$ 2 ?best) else -1))
   (loop-for-count (?i 0 (- (div (length$ ?scores) 3) 1))
      (bind ?x (nth$ (+ (* 3 ?i) 1) ?scores))
      (bind ?y (nth$ (+ (* 3 ?i) 2) ?scores))
      (assert (board-marker (x ?x) (y ?y) (value (nth$ (+ (* 3 ?i) 3) ?scores))
                            (colour (if (and (= ?x ?best-x) (= ?y ?best-y)) then green else nil))))))

(defrule scores-of-an-earlier-step (declare (salience 250))
   (status (step ?s))
   ?drawn <- (scores-drawn (step ?old&:(< ?old ?s)))
   =>
   (retract ?drawn)
   (do-for-all-facts ((?m board-marker)) TRUE (retract ?m)))

;;; The strategy's choice: (pick-target fire|guess) returns (x y reason) or nothing.
(defrule fire-by-strategy (declare (salience -50))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (not (no-target (step ?s) (purpose fire)))
   =>
   (bind ?target (funcall pick-target fire))
   (if (< (length$ ?target) 2)
      then (assert (no-target (step ?s) (purpose fire)))
      else
      (printout t "Fire (" (nth$ 1 ?target) ", " (nth$ 2 ?target) "): " (nth$ 3 ?target) "." crlf)
      (assert (exec (step ?s) (action fire) (x (nth$ 1 ?target)) (y (nth$ 2 ?target))))
      (pop-focus)))

(defrule guess-by-strategy (declare (salience -60))
   (status (step ?s) (currently running))
   (moves (fires ?f) (guesses ?g&:(> ?g 0)))
   (or (test (= ?f 0)) (no-target (step ?s) (purpose fire)))
   (not (no-target (step ?s) (purpose guess)))
   =>
   (bind ?target (funcall pick-target guess))
   (if (< (length$ ?target) 2)
      then (assert (no-target (step ?s) (purpose guess)))
      else
      (printout t "Flag (" (nth$ 1 ?target) ", " (nth$ 2 ?target) "): " (nth$ 3 ?target) "." crlf)
      (assert (exec (step ?s) (action guess) (x (nth$ 1 ?target)) (y (nth$ 2 ?target))))
      (pop-focus)))

(defrule solve-when-done (declare (salience -100))
   (status (step ?s) (currently running))
   =>
   (printout t "Nothing more worth doing: solve." crlf)
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
