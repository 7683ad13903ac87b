;;; "lookout": a small course-style agent with a planted bug, for the walk-through in docs/debugging.md.
;;; It notes the cells the environment shows (k-cell), aims at the cell that continues a ship from a known
;;; end piece, fires there, and otherwise at the crossing of the row and column with the most ship cells.
;;; The bug: below-top aims one row ABOVE the top end, (- ?x 1), where it should aim below it, (+ ?x 1).

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate seen (slot x) (slot y) (slot content))      ; a cell the environment showed
(deftemplate target (slot x) (slot y) (slot why))         ; a cell that continues a known ship
(deftemplate tried (slot x) (slot y))                     ; a cell already fired at

(defrule note-k-cell (declare (salience 50))
   (k-cell (x ?x) (y ?y) (content ?c))
   (not (seen (x ?x) (y ?y)))
   =>
   (assert (seen (x ?x) (y ?y) (content ?c))))

;; the ship goes on below a top end
(defrule below-top (declare (salience 40))
   (seen (x ?x&:(< ?x 9)) (y ?y) (content top))
   =>
   (assert (target (x (- ?x 1)) (y ?y) (why below-top))))

;; ... and above a bottom end
(defrule above-bot (declare (salience 40))
   (seen (x ?x&:(> ?x 0)) (y ?y) (content bot))
   =>
   (assert (target (x (- ?x 1)) (y ?y) (why above-bot))))

;; ... right of a left end, left of a right end
(defrule right-of-left (declare (salience 40))
   (seen (x ?x) (y ?y&:(< ?y 9)) (content left))
   =>
   (assert (target (x ?x) (y (+ ?y 1)) (why right-of-left))))

(defrule left-of-right (declare (salience 40))
   (seen (x ?x) (y ?y&:(> ?y 0)) (content right))
   =>
   (assert (target (x ?x) (y (- ?y 1)) (why left-of-right))))

(defrule fire-target (declare (salience 20))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (target (x ?x) (y ?y))
   (not (tried (x ?x) (y ?y)))
   (not (seen (x ?x) (y ?y)))
   =>
   (assert (tried (x ?x) (y ?y)))
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

(defrule fire-busiest-crossing (declare (salience 10))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (k-per-row (row ?r) (num ?nr&:(> ?nr 0)))
   (k-per-col (col ?c) (num ?nc&:(> ?nc 0)))
   (not (tried (x ?r) (y ?c)))
   (not (seen (x ?r) (y ?c)))
   (not (and (k-per-row (row ?r2) (num ?nr2&:(> ?nr2 0)))
             (k-per-col (col ?c2) (num ?nc2&:(and (> ?nc2 0) (> (+ ?nr2 ?nc2) (+ ?nr ?nc)))))
             (not (tried (x ?r2) (y ?c2)))
             (not (seen (x ?r2) (y ?c2)))))
   =>
   (assert (tried (x ?r) (y ?c)))
   (assert (exec (step ?s) (action fire) (x ?r) (y ?c)))
   (pop-focus))

(defrule give-up (declare (salience -10))
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
