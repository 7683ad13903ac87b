;;; "incrocio" (seed report 000): fire, then flag, at the crossing of the row and
;;; column with the most ship cells left to find. It draws each open cell's sum on the board.

(deffunction AGENT::pick-target (?purpose)
   (bind ?open (open-grid))
   (bind ?rows (rows-left))
   (bind ?cols (cols-left))
   (bind ?best (create$))
   (bind ?best-sum 0)
   (bind ?drawing (markers-wanted))  ; the scores are gathered and drawn only when shown
   (bind ?scores (create$))  ; x y score of every cell weighed, drawn on the board
   (loop-for-count (?x 0 9)
      (bind ?in-row (nth$ (+ ?x 1) ?rows))
      (if (> ?in-row 0) then
         (loop-for-count (?y 0 9)
            (bind ?in-col (nth$ (+ ?y 1) ?cols))
            (if (and ?drawing (> ?in-col 0) (= (nth$ (cell-index ?x ?y) ?open) 1)) then
               (bind ?scores (create$ ?scores ?x ?y (+ ?in-row ?in-col))))
            (if (and (> ?in-col 0) (> (+ ?in-row ?in-col) ?best-sum) (= (nth$ (cell-index ?x ?y) ?open) 1)) then
               (bind ?best-sum (+ ?in-row ?in-col))
               (bind ?best (create$ ?x ?y (str-cat "crossing of row " ?x " (" ?in-row " ship cells left) and column "
                                                   ?y " (" ?in-col " left)")))))))
   (if ?drawing then (draw-scores (subseq$ ?best 1 2) ?scores))
   ?best)
