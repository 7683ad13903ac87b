;;; DISCOVER: contextual inference of the BDI agent (seed report 001, Figure 3).
;;;
;;; Every cell the environment shows (k-cells at start and after a fire, and
;;; fires that revealed nothing, i.e. water) becomes a certain belief, and the
;;; rules of the game tell more about its 8 neighbours: no two ships touch, so
;;; the diagonal neighbours of any ship cell are water; an end piece says where
;;; its ship goes on (a ship cell) and where it does not (water); a sub is
;;; surrounded by water; a middle piece on the border or next to water tells
;;; its direction. Rows and columns whose count is 0, or already met by certain
;;; ship cells, hold water elsewhere.

(defmodule DISCOVER (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL) (export ?ALL))

(deffunction certain (?x ?y ?content)
   "Believe for sure that (?x,?y) holds ?content (water or hint), unless off the board or already known."
   (if (and (on-board ?x ?y)
            (not (any-factp ((?b b-cell)) (and (eq ?b:x ?x) (eq ?b:y ?y) (eq ?b:plan none)))))
      then (assert (b-cell (x ?x) (y ?y) (content ?content)))))

(deffunction certain-ship-in-row (?x)
   (length$ (find-all-facts ((?b b-cell)) (and (eq ?b:x ?x) (eq ?b:content hint)))))

(deffunction certain-ship-in-col (?y)
   (length$ (find-all-facts ((?b b-cell)) (and (eq ?b:y ?y) (eq ?b:content hint)))))

;;; --- percepts ---------------------------------------------------------------
(defrule discover-ship-cell
   (k-cell (x ?x) (y ?y) (content ?c&~water))
   (not (b-cell (x ?x) (y ?y) (content hint)))
   =>
   (assert (b-cell (x ?x) (y ?y) (content hint)))
   (if (any-factp ((?e exec)) (and (eq ?e:action fire) (eq ?e:x ?x) (eq ?e:y ?y)))
      then (printout t "BDI: percept: the fire at " (cell-text ?x ?y) " hit a ship: " ?c crlf)))

(defrule discover-water-cell
   (k-cell (x ?x) (y ?y) (content water))
   =>
   (certain ?x ?y water))

(defrule discover-missed-fire
   (exec (step ?e) (action fire) (x ?x) (y ?y))
   (status (step ?s&:(> ?s ?e)))
   (not (k-cell (x ?x) (y ?y)))
   (not (b-cell (x ?x) (y ?y) (content water) (plan none)))
   =>
   (certain ?x ?y water)
   (printout t "BDI: percept: the fire at " (cell-text ?x ?y) " hit water" crlf))

;;; --- the neighbourhood (Figure 3 of the report) -----------------------------
(defrule discover-neighborhood-diagonals
   (b-cell (x ?x) (y ?y) (content hint))
   =>
   (certain (- ?x 1) (- ?y 1) water) (certain (- ?x 1) (+ ?y 1) water)
   (certain (+ ?x 1) (- ?y 1) water) (certain (+ ?x 1) (+ ?y 1) water))

(defrule discover-neighborhood-sub
   (k-cell (x ?x) (y ?y) (content sub))
   =>
   (certain (- ?x 1) ?y water) (certain (+ ?x 1) ?y water)
   (certain ?x (- ?y 1) water) (certain ?x (+ ?y 1) water))

(defrule discover-neighborhood-top
   (k-cell (x ?x) (y ?y) (content top))
   =>
   (certain (- ?x 1) ?y water) (certain ?x (- ?y 1) water) (certain ?x (+ ?y 1) water)
   (certain (+ ?x 1) ?y hint))

(defrule discover-neighborhood-bot
   (k-cell (x ?x) (y ?y) (content bot))
   =>
   (certain (+ ?x 1) ?y water) (certain ?x (- ?y 1) water) (certain ?x (+ ?y 1) water)
   (certain (- ?x 1) ?y hint))

(defrule discover-neighborhood-left
   (k-cell (x ?x) (y ?y) (content left))
   =>
   (certain ?x (- ?y 1) water) (certain (- ?x 1) ?y water) (certain (+ ?x 1) ?y water)
   (certain ?x (+ ?y 1) hint))

(defrule discover-neighborhood-right
   (k-cell (x ?x) (y ?y) (content right))
   =>
   (certain ?x (+ ?y 1) water) (certain (- ?x 1) ?y water) (certain (+ ?x 1) ?y water)
   (certain ?x (- ?y 1) hint))

;;; A middle piece lies along a row when it is on the top or bottom border, or
;;; has water above or below it, or a ship cell left or right of it.
(defrule discover-neighborhood-middle-horizontal
   (k-cell (x ?x) (y ?y) (content middle))
   (or (test (or (= ?x 0) (= ?x 9)))
       (b-cell (x ?wx&:(= (abs (- ?wx ?x)) 1)) (y ?y) (content water) (plan none))
       (b-cell (x ?x) (y ?sy&:(= (abs (- ?sy ?y)) 1)) (content hint)))
   =>
   (certain ?x (- ?y 1) hint) (certain ?x (+ ?y 1) hint)
   (certain (- ?x 1) ?y water) (certain (+ ?x 1) ?y water))

(defrule discover-neighborhood-middle-vertical
   (k-cell (x ?x) (y ?y) (content middle))
   (or (test (or (= ?y 0) (= ?y 9)))
       (b-cell (x ?x) (y ?wy&:(= (abs (- ?wy ?y)) 1)) (content water) (plan none))
       (b-cell (x ?sx&:(= (abs (- ?sx ?x)) 1)) (y ?y) (content hint)))
   =>
   (certain (- ?x 1) ?y hint) (certain (+ ?x 1) ?y hint)
   (certain ?x (- ?y 1) water) (certain ?x (+ ?y 1) water))

;;; --- rows and columns ---------------------------------------------------------
(defrule discover-empty-row
   (k-per-row (row ?x) (num 0))
   =>
   (loop-for-count (?y 0 9) do (certain ?x ?y water)))

(defrule discover-empty-col
   (k-per-col (col ?y) (num 0))
   =>
   (loop-for-count (?x 0 9) do (certain ?x ?y water)))

(defrule discover-full-row
   (b-cell (x ?x) (content hint))
   (k-per-row (row ?x) (num ?n&:(= ?n (certain-ship-in-row ?x))))
   =>
   (loop-for-count (?y 0 9) do (certain ?x ?y water)))

(defrule discover-full-col
   (b-cell (y ?y) (content hint))
   (k-per-col (col ?y) (num ?n&:(= ?n (certain-ship-in-col ?y))))
   =>
   (loop-for-count (?x 0 9) do (certain ?x ?y water)))
