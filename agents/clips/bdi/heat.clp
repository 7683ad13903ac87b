;;; HEAT: the heat map of the BDI agent (seed report 001).
;;;
;;; h(x,y) = R_x + C_y from the row and column counts: how likely a ship cell
;;; is there. A cell known to be water gets 0, a cell known to be ship 100.
;;; Only certain knowledge changes it (beliefs about placed ships do not).
;;; heat-median and heat-max-max give the targets of the two fire strategies.

(defmodule HEAT (import MAIN ?ALL) (import ENV ?ALL) (import AGENT ?ALL) (export ?ALL))

(deftemplate heat (slot x) (slot y) (slot value) (slot known (default FALSE)))

(defrule heat-init (declare (salience 10))
   (k-per-row (row ?x) (num ?r))
   (k-per-col (col ?y) (num ?c))
   (not (heat (x ?x) (y ?y)))
   =>
   (assert (heat (x ?x) (y ?y) (value (+ ?r ?c)))))

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
