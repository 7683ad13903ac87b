;;; HEAT: the heat map of the BDI agent (seed report 001).
;;;
;;; h(x,y) = R_x + C_y from the row and column counts: how likely a ship cell
;;; is there. A cell known to be water gets 0, a cell known to be ship 100.
;;; Only certain knowledge changes it (beliefs about placed ships do not).
;;;
;;; The fire targets (median and max-max, as in the report) are worked out
;;; once, at the start, from the starting heat of the cells not known then (a
;;; cell in a row or column of count 0 counts 0: it is water): the median of
;;; the *distinct* values (the middle two averaged and truncated when their
;;; number is even), and the max-max: the highest value that at least as many
;;; cells have as there are fires, so that every fire has a cell (the report:
;;; "the highest value that occurs several times; fire at all its cells").
;;; heat-median and heat-max-max recompute targets over the unknown cells
;;; counted one by one, before every fire, for median=cells.

(defmodule HEAT (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL) (export ?ALL))

(deftemplate heat (slot x) (slot y) (slot value) (slot known (default FALSE)))

(defrule heat-init (declare (salience 10))
   (k-per-row (row ?x) (num ?r))
   (k-per-col (col ?y) (num ?c))
   (not (heat (x ?x) (y ?y)))
   =>
   (assert (heat (x ?x) (y ?y) (value (+ ?r ?c)))))

;;; The fire targets, worked out once (see above).
(deftemplate fire-targets (multislot values) (slot median) (slot max-max))

(deffunction distinct-sorted ($?values)
   "The distinct ?values, lowest first."
   (bind ?distinct (create$))
   (foreach ?v ?values (if (not (member$ ?v ?distinct)) then (bind ?distinct (create$ ?distinct ?v))))
   (sort > ?distinct))

(deffunction middle-value ($?sorted)
   "The median of sorted numbers: the middle one, or the middle two averaged and truncated (0 if none)."
   (bind ?n (length$ ?sorted))
   (if (= ?n 0) then (return 0))
   (if (oddp ?n)
      then (nth$ (div (+ ?n 1) 2) ?sorted)
      else (div (+ (nth$ (div ?n 2) ?sorted) (nth$ (+ (div ?n 2) 1) ?sorted)) 2)))

(deffunction repeated-max (?times $?values)
   "The highest of ?values that occurs at least ?times times; if none does, the most frequent (the highest of those)."
   (if (= (length$ ?values) 0) then (return 0))
   (bind ?best (nth$ 1 ?values))
   (bind ?best-count 0)
   (foreach ?v ?values
      (bind ?count 0)
      (foreach ?w ?values (if (= ?w ?v) then (bind ?count (+ ?count 1))))
      (bind ?enough (>= ?count ?times))
      (bind ?best-enough (>= ?best-count ?times))
      (if (or (and ?enough (or (not ?best-enough) (> ?v ?best)))
              (and (not ?enough) (not ?best-enough)
                   (or (> ?count ?best-count) (and (= ?count ?best-count) (> ?v ?best)))))
         then (bind ?best ?v) (bind ?best-count ?count)))
   ?best)

(defrule fire-targets-at-start (declare (salience 5))
   (not (fire-targets))
   =>
   (bind ?values (create$))
   (do-for-all-facts ((?r k-per-row) (?c k-per-col))
         (not (any-factp ((?k k-cell)) (and (eq ?k:x ?r:row) (eq ?k:y ?c:col))))
      (bind ?values (create$ ?values (if (or (= ?r:num 0) (= ?c:num 0)) then 0 else (+ ?r:num ?c:num)))))
   (bind ?distinct (distinct-sorted ?values))
   (bind ?median (middle-value ?distinct))
   (bind ?fires 0)
   (do-for-fact ((?m moves)) TRUE (bind ?fires ?m:fires))
   (bind ?max-max (repeated-max (max 2 ?fires) ?values))
   (assert (fire-targets (values ?distinct) (median ?median) (max-max ?max-max)))
   (printout t "BDI: fire targets from the " (length$ ?distinct) " distinct starting heat values ("
               (implode$ ?distinct) "): median " ?median ", max-max " ?max-max crlf))

(defrule heat-known-water
   ?h <- (heat (x ?x) (y ?y) (known FALSE))
   (b-cell (x ?x) (y ?y) (content water) (plan none))
   =>
   (modify ?h (value 0) (known TRUE)))

(defrule heat-known-ship
   ?h <- (heat (x ?x) (y ?y) (known FALSE))
   (b-cell (x ?x) (y ?y) (content hint))
   =>
   (modify ?h (value 100) (known TRUE)))

;;; The heat map on the board (MAIN's board-marker facts; docs/markers.md): the heat of every cell
;;; not known yet (neither told by the environment nor inferred), kept up to date as cells become known; only when
;;; something shows them (MAIN's board-markers-wanted fact) and agent parameter markers is on.
(defrule heat-draw (declare (salience -20))
   (board-markers-wanted)
   (agent-params (markers on))
   (heat (x ?x) (y ?y) (value ?v) (known FALSE))
   (not (k-cell (x ?x) (y ?y)))
   (not (board-marker (x ?x) (y ?y)))
   =>
   (assert (board-marker (x ?x) (y ?y) (value ?v))))

(defrule heat-undraw-known (declare (salience -20))
   (board-markers-wanted)
   (or (heat (x ?x) (y ?y) (known TRUE))
       (k-cell (x ?x) (y ?y)))
   ?m <- (board-marker (x ?x) (y ?y))
   =>
   (retract ?m))

(defrule heat-print-once (declare (salience -10))
   (not (heat-printed))
   (heat)
   =>
   (assert (heat-printed))
   (printout t "BDI: heat map h(x,y) = R_x + C_y (0 known water, 100 known ship):" crlf)
   (loop-for-count (?x 0 9) do
      (bind ?line "")
      (loop-for-count (?y 0 9) do
         (do-for-fact ((?h heat)) (and (eq ?h:x ?x) (eq ?h:y ?y))
            (bind ?v (if (>= ?h:value 100) then " S" else (if (< ?h:value 10) then (str-cat " " ?h:value) else ?h:value)))
            (bind ?line (str-cat ?line " " ?v))))
      (printout t "BDI:  " ?line crlf)))

(deffunction heat-median ()
   "The median heat of the cells not known yet (where a fire can still tell something)."
   (bind ?all (create$))
   (do-for-all-facts ((?h heat)) (eq ?h:known FALSE) (bind ?all (create$ ?all ?h:value)))
   (bind ?values (sort > ?all))
   (bind ?n (length$ ?values))
   (if (= ?n 0) then (return 0))
   (if (evenp ?n)
      then (/ (+ (nth$ (div ?n 2) ?values) (nth$ (+ (div ?n 2) 1) ?values)) 2)
      else (nth$ (+ (div ?n 2) 1) ?values)))

(deffunction heat-max-max ()
   "The highest heat value of unknown cells that occurs more than once (the highest if none repeats)."
   (bind ?values (create$))
   (do-for-all-facts ((?h heat)) (eq ?h:known FALSE) (bind ?values (create$ ?values ?h:value)))
   (if (= (length$ ?values) 0) then (return 0))
   (bind ?values (sort < ?values))
   (loop-for-count (?i 1 (- (length$ ?values) 1)) do
      (if (= (nth$ ?i ?values) (nth$ (+ ?i 1) ?values)) then (return (nth$ ?i ?values))))
   (nth$ 1 ?values))
