;;; "probabilistico" (seed report 000): fire, then flag, where
;;;   P(x, y) = left(row x) / unknown(row x) * left(column y) / unknown(column y)
;;; is highest (left: ship cells still to find; unknown: cells whose content is not known).

(deffunction AGENT::pick-target (?purpose)
   (bind ?open (open-grid))
   (bind ?unknown (unknown-grid))
   (bind ?rows (rows-left))
   (bind ?cols (cols-left))
   (bind ?unknown-rows (create$))
   (bind ?unknown-cols (create$))
   (loop-for-count (?i 0 9)
      (bind ?unknown-rows (create$ ?unknown-rows (unknown-in-line ?unknown ?i FALSE)))
      (bind ?unknown-cols (create$ ?unknown-cols (unknown-in-line ?unknown ?i TRUE))))
   (bind ?best (create$))
   (bind ?best-p 0.0)
   (bind ?drawing (markers-wanted))  ; the scores are gathered and drawn only when shown
   (bind ?scores (create$))  ; x y P of every cell weighed, drawn on the board
   (loop-for-count (?x 0 9)
      (bind ?in-row (nth$ (+ ?x 1) ?rows))
      (bind ?row-unknown (nth$ (+ ?x 1) ?unknown-rows))
      (if (and (> ?in-row 0) (> ?row-unknown 0)) then
         (loop-for-count (?y 0 9)
            (bind ?in-col (nth$ (+ ?y 1) ?cols))
            (bind ?col-unknown (nth$ (+ ?y 1) ?unknown-cols))
            (if (and (> ?in-col 0) (> ?col-unknown 0) (= (nth$ (cell-index ?x ?y) ?open) 1)) then
               (bind ?p (* (/ ?in-row ?row-unknown) (/ ?in-col ?col-unknown)))
               (if ?drawing then (bind ?scores (create$ ?scores ?x ?y (/ (round (* ?p 100)) 100))))
               (if (> ?p ?best-p) then
                  (bind ?best-p ?p)
                  (bind ?best (create$ ?x ?y (str-cat "P = " (/ (round (* ?p 1000)) 1000) " (row " ?x ": " ?in-row
                                                      " of " ?row-unknown " unknown cells, column " ?y ": "
                                                      ?in-col " of " ?col-unknown ")"))))))))
   (if ?drawing then (draw-scores (subseq$ ?best 1 2) ?scores))
   ?best)
