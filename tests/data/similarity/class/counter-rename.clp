;;; "counter" (written for the similarity corpus): keeps how many ship cells each row and column still
;;; hides, fires where the two counts add up most, flags the unknown cells of a line whose count equals
;;; its unknown cells, then solves.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate rho-0 (slot epsilon-1) (slot delta-2) (slot tau-3))
(deftemplate omega-4 (slot x) (slot y) (slot kappa-5))
(deftemplate alpha-6 (slot x) (slot y))

(defrule pi-7 (declare (salience 100))
   (k-per-row (row ?nu-8) (num ?gamma-9))
   =>
   (assert (rho-0 (epsilon-1 row) (delta-2 ?nu-8) (tau-3 ?gamma-9))))

(defrule beta-10 (declare (salience 100))
   (k-per-col (col ?xi-11) (num ?gamma-9))
   =>
   (assert (rho-0 (epsilon-1 col) (delta-2 ?xi-11) (tau-3 ?gamma-9))))

(defrule mu-12 (declare (salience 90))
   (k-cell (x ?omicron-13) (y ?theta-14) (content ?xi-11))
   (not (omega-4 (x ?omicron-13) (y ?theta-14)))
   ?gamma-15 <- (rho-0 (epsilon-1 row) (delta-2 ?omicron-13) (tau-3 ?beta-16))
   ?upsilon-17 <- (rho-0 (epsilon-1 col) (delta-2 ?theta-14) (tau-3 ?rho-18))
   =>
   (if (neq ?xi-11 water)
    then (modify ?gamma-15 (tau-3 (- ?beta-16 1)))
         (modify ?upsilon-17 (tau-3 (- ?rho-18 1)))
         (assert (omega-4 (x ?omicron-13) (y ?theta-14) (kappa-5 TRUE)))
    else (assert (omega-4 (x ?omicron-13) (y ?theta-14) (kappa-5 FALSE)))))

(deffunction nu-19 (?omicron-13)
   (bind ?omicron-20 0)
   (loop-for-count (?theta-14 0 9)
      (if (not (any-factp ((?sigma-21 omega-4)) (and (= ?sigma-21:x ?omicron-13) (= ?sigma-21:y ?theta-14)))) then (bind ?omicron-20 (+ ?omicron-20 1))))
   ?omicron-20)

(defrule beta-22 (declare (salience 50))
   (rho-0 (epsilon-1 row) (delta-2 ?omicron-13) (tau-3 ?kappa-23&:(> ?kappa-23 0)))
   (test (= ?kappa-23 (nu-19 ?omicron-13)))
   =>
   (loop-for-count (?theta-14 0 9)
      (if (not (any-factp ((?sigma-21 omega-4)) (and (= ?sigma-21:x ?omicron-13) (= ?sigma-21:y ?theta-14))))
       then (assert (alpha-6 (x ?omicron-13) (y ?theta-14))))))

(defrule zeta-24 (declare (salience 40))
   (status (step ?sigma-21) (currently running))
   (moves (guesses ?sigma-25&:(> ?sigma-25 0)))
   ?theta-26 <- (alpha-6 (x ?omicron-13) (y ?theta-14))
   =>
   (retract ?theta-26)
   (assert (omega-4 (x ?omicron-13) (y ?theta-14) (kappa-5 TRUE)))
   (assert (exec (step ?sigma-21) (action guess) (x ?omicron-13) (y ?theta-14)))
   (pop-focus))

(defrule xi-27 (declare (salience 30))
   (status (step ?sigma-21) (currently running))
   (moves (fires ?alpha-28&:(> ?alpha-28 0)))
   (rho-0 (epsilon-1 row) (delta-2 ?omicron-13) (tau-3 ?mu-29&:(> ?mu-29 0)))
   (rho-0 (epsilon-1 col) (delta-2 ?theta-14) (tau-3 ?kappa-30&:(> ?kappa-30 0)))
   (not (omega-4 (x ?omicron-13) (y ?theta-14)))
   (not (and (rho-0 (epsilon-1 row) (delta-2 ?theta-31) (tau-3 ?pi-32))
             (rho-0 (epsilon-1 col) (delta-2 ?iota-33) (tau-3 ?epsilon-34&:(> (+ ?pi-32 ?epsilon-34) (+ ?mu-29 ?kappa-30))))
             (not (omega-4 (x ?theta-31) (y ?iota-33)))))
   =>
   (assert (omega-4 (x ?omicron-13) (y ?theta-14) (kappa-5 UNKNOWN)))
   (assert (exec (step ?sigma-21) (action fire) (x ?omicron-13) (y ?theta-14)))
   (pop-focus))

(defrule iota-35 (declare (salience -100))
   (status (step ?sigma-21) (currently running))
   =>
   (assert (exec (step ?sigma-21) (action solve)))
   (pop-focus))
