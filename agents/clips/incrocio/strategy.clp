;;; "incrocio" (seed report 000): fire, then flag, at the crossing of the row and
;;; column with the most ship cells left to find.

(deffunction AGENT::pick-target (?purpose)
   (bind ?open (open-grid))
   (bind ?rows (rows-left))
   (bind ?cols (cols-left))
   (bind ?best (create$))
   (bind ?best-sum 0)
   (loop-for-count (?x 0 9)
      (bind ?in-row (nth$ (+ ?x 1) ?rows))
      (if (> ?in-row 0) then
         (loop-for-count (?y 0 9)
            (bind ?in-col (nth$ (+ ?y 1) ?cols))
            (if (and (> ?in-col 0) (> (+ ?in-row ?in-col) ?best-sum) (= (nth$ (cell-index ?x ?y) ?open) 1)) then
               (bind ?best-sum (+ ?in-row ?in-col))
               (bind ?best (create$ ?x ?y (str-cat "crossing of row " ?x " (" ?in-row " ship cells left) and column "
                                                   ?y " (" ?in-col " left)")))))))
   ?best)
