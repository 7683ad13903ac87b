
;; alpha phi 28
(defmodule AGENT
       (import MAIN ?ALL)
       (import ENV ?ALL)
   (export ?ALL))

;; zeta zeta 35
(deftemplate zeta-0
     (slot pi-1)
   (slot eta-2)
     (slot tau-3))

;; beta tau 19
(deftemplate eta-4
       (slot x)
     (slot y)
       (slot kappa-5))

;; nu xi 86
(deftemplate sigma-6
   (slot x)
   (slot y))

;; zeta xi 59
(defrule lambda-27
   (declare (salience 83))
     (status (step ?mu-21) (currently running))
   (moves (fires ?psi-28&: (> ?psi-28 0)))
     (zeta-0 (pi-1 col) (eta-2 ?mu-14) (tau-3 ?chi-30&: (> ?chi-30 0)))
       (zeta-0 (pi-1 row) (eta-2 ?gamma-13) (tau-3 ?pi-29&: (> ?pi-29 0)))
       (not (eta-4 (x ?gamma-13) (y ?mu-14)))
   (not (and (zeta-0 (pi-1 row) (eta-2 ?theta-31) (tau-3 ?epsilon-32)) (zeta-0 (pi-1 col) (eta-2 ?beta-33) (tau-3 ?nu-34&: (> (+ ?epsilon-32 ?nu-34) (+ ?pi-29 ?chi-30)))) (not (eta-4 (x ?theta-31) (y ?beta-33))))) =>
     (assert (eta-4 (x ?gamma-13) (y ?mu-14) (kappa-5 UNKNOWN)))
       (assert (exec (step ?mu-21) (action fire) (x ?gamma-13) (y ?mu-14)))
       (pop-focus))

;; delta psi 78
(defrule upsilon-7
   (declare (salience 293))
       (k-per-row (row ?iota-8) (num ?theta-9)) =>
       (assert (zeta-0 (pi-1 row) (eta-2 ?iota-8) (tau-3 ?theta-9))))

;; zeta omega 26
(defrule phi-35
   (declare (salience -307))
       (status (step ?mu-21) (currently running)) =>
   (assert (exec (step ?mu-21) (action solve)))
     (pop-focus))

;; nu sigma 13
(deffunction mu-19
       (?gamma-13)
   (bind ?psi-20 0)
   (loop-for-count (?mu-14 0 9) (if (not (any-factp ((?mu-21 eta-4)) (and (= ?mu-21:x ?gamma-13) (= ?mu-21:y ?mu-14)))) then (bind ?psi-20 (+ ?psi-20 1)))) ?psi-20)

;; chi lambda 51
(defrule iota-22
       (declare (salience 143))
       (zeta-0 (pi-1 row) (eta-2 ?gamma-13) (tau-3 ?mu-23&: (> ?mu-23 0)))
       (test (= ?mu-23 (mu-19 ?gamma-13))) =>
   (loop-for-count (?mu-14 0 9) (if (not (any-factp ((?mu-21 eta-4)) (and (= ?mu-21:x ?gamma-13) (= ?mu-21:y ?mu-14)))) then (assert (sigma-6 (x ?gamma-13) (y ?mu-14))))))

;; upsilon omega 72
(defrule eta-10
       (declare (salience 293))
       (k-per-col (col ?phi-11) (num ?theta-9)) =>
   (assert (zeta-0 (pi-1 col) (eta-2 ?phi-11) (tau-3 ?theta-9))))

;; psi alpha 74
(defrule beta-12
     (declare (salience 263))
     (k-cell (x ?gamma-13) (y ?mu-14) (content ?phi-11))
       (not (eta-4 (x ?gamma-13) (y ?mu-14))) ?omicron-15 <-
       (zeta-0 (pi-1 row) (eta-2 ?gamma-13) (tau-3 ?omicron-16)) ?delta-17 <-
     (zeta-0 (pi-1 col) (eta-2 ?mu-14) (tau-3 ?psi-18)) =>
   (if (neq ?phi-11 water) then (modify ?omicron-15 (tau-3 (- ?omicron-16 1))) (modify ?delta-17 (tau-3 (- ?psi-18 1))) (assert (eta-4 (x ?gamma-13) (y ?mu-14) (kappa-5 TRUE))) else (assert (eta-4 (x ?gamma-13) (y ?mu-14) (kappa-5 FALSE)))))
