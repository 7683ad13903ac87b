"""The CLIPS bridge: runs unmodified course agents step by step (clipspy, CLIPS 6.4).

Design (docs/rules.md, "The CLIPS protocol" and "Working-memory order"):

- The Python engine (``app.core.game.Game``) is the one authority: it carries
  out every action and scores the game. CLIPS only holds what an agent may
  see. ``resources/clips/main.clp`` is MAIN (exec, status, moves,
  statistics; the course's focus rules go-on-agent / go-on-env / game-over;
  compatibility functions CLIPS 6.4 dropped: ``length``, ``member``,
  ``subset``, ``nth``, ``str-explode``, ``str-implode``). CLIPS's ``exit``
  ends the whole process, and clipspy offers no way to take it out: in the
  agent host's child it ends the agent's process, which the host reports; in
  the app's own process (``--no-sandbox``) loading refuses an agent that
  calls it, naming the file and line.
  ENV is three files: ``resources/clips/env.clp`` (the course's templates;
  only k-cell, k-per-row and k-per-col are exported, and no hidden cell or
  boat fact is ever asserted), ``env-EDITION.clp`` (the course's ENV rule
  conditions of the profile's edition, in the course's order, each rule
  inert: they order the pattern network as in the course, so an agent's
  rules of equal salience fire in the course's order) and ``env-turn.clp``:
  take-exec halts the run once MAIN gives ENV the focus with an exec for the
  current step; mirror-outcome changes the facts with the outcome the bridge
  puts in ENV's private globals.
- ``start``: load MAIN, build ``MAIN::initial-facts`` with the profile's
  limits, load ENV, build ``ENV::map-facts`` (k-cells, k-per-row, k-per-col
  in the map file's order, ``StartContext.fact_order``, only those the file
  declares; all, in canonical order, if None),
  load the agent's files in order, ``(reset)``. So reset asserts MAIN's
  facts, then the map's, then the agent's deffacts, as in the course. Then
  the course's first pass to ENV: the start marker is retracted and the
  statistics fact is modified once per ship cell known at start.
- ``next_action``: ``env.run`` in chunks of ``CHUNK`` firings. MAIN focuses
  AGENT; the turn ends when AGENT's focus pops and the agendas run empty;
  go-on-env then focuses ENV, whose take-exec rule halts the run. The most
  recently asserted exec of the current step is the action (several: all,
  newest first, and the engine carries out the newest one the course could);
  none means the agent stalled (``None``; the runner solves the game as it
  stands). The k-cells the agent asserted itself in its turn (or in its
  deffacts) go to the engine through ``declared_k_cells``: the course fires
  at them (docs/rules.md).
- ``after``: the outcome goes back into facts in the course's order: status
  (step + 1), moves, a new k-cell when ``event.revealed`` is set, statistics
  (fire counts) after a fire or a fire at a known cell; status (stopped) and
  the final statistics after a solve. The bridge sets ENV's ``?*bridge-...*`` globals and fires
  the one rule mirror-outcome (``Run(1)``), so the changes, and the pattern
  matching they cause, happen in rule firing, as with the course's ENV
  rules. If take-exec did not end the turn (the agent retracted MAIN's
  status fact), and for the start's statistics, the bridge modifies the
  facts itself through the C API. At the step limit MAIN's game-over rule
  asserts the ``(exec (step N) (action solve))`` itself before the solve is
  mirrored. CLIPS 6.4's ``modify`` leaves a fact alone when no value
  changes; both ways then modify twice so the fact still gets a new time
  tag, as in 6.3.
- Modules: ``driver`` is the step protocol (``start``, ``next_action``, ``after``: the facts the course's
  MAIN and ENV would make); ``running`` runs the environment under the caps and reads it (printout, facts,
  parameters); ``stepping`` plays a turn in parts; ``loading``, ``pool``, ``capi``, ``params`` as named.
- Caps per step (``running``): ``max_firings`` (default 200,000) and ``time_limit``
  (default 5 s; agent params ``max_firings``/``time_limit``), checked
  between chunks of ``CHUNK`` firings, as is ``request_cancel``
  (thread-safe): everything goes through clipspy's public surface
  (``watchdog``), so nothing can stop CLIPS inside one rule's actions. Both
  end in ``AgentFailure`` with the reason; an error inside a rule that
  leaves no exec does too. The reset and each step's changes are measured
  against the same time cap: they make CLIPS match facts against the
  agent's rule conditions, which may run a slow ``test``. Loading the
  agent's files is capped at ``LOAD_TIME_LIMIT`` (or the time cap if
  longer): a defglobal's value is computed at load time. Something endless
  in one rule's actions, a ``test`` or a value at load never gives CLIPS
  back: the agent host ends the agent's process at its own cap; in the
  app's own process (``--no-sandbox``) only ending the app stops it.
- The agent's own params (``--agent-param KEY=VALUE``, any key but those
  two): the agent declares ``(deftemplate agent-params (slot KEY ...) ...)``
  in one of its modules, a slot per parameter with its default, type, range
  or allowed values. After the reset the bridge modifies that template's
  fact (asserting it if the agent has none), CLIPS checking each value. A
  key the agent does not declare, or a bad value, is an ``AgentError``.
- Loading: like the CLIPS console a bad construct does not stop the rest;
  every message (file:line: text [CODE] (in construct)) is logged through
  ``output()``; ``AgentError`` only when nothing loaded or there is no AGENT.
- ``printout t`` text and CLIPS messages come out of ``output()``;
  ``facts()`` lists the agent modules' facts for the GUI.
- Traced (``tracing``: ``run --trace``, the Rules tab, why-this-shot, step
  back), the turn is fired one rule at a time and CLIPS's own ``(watch
  facts)`` output tells the fact changes (``trace``).
- One environment per game; used from one thread, except ``request_cancel``.
  A healthy environment goes back to a small pool at ``close`` and serves
  the next game of the same agent files and limits (``(reset)`` clears it;
  the map's deffacts are rebuilt only for another map).
- Speed (``benchmarks/clips_bench.py``): the per-step work (finding the exec,
  setting ENV's globals) calls the CLIPS C API through clipspy's compiled
  module with pointers the bridge retains itself, not clipspy's Python
  wrappers. Mirroring through mirror-outcome costs about what the bridge's
  own modifies did, but it is rule firing, as in the course's environment.
"""

from app.backends.clips.driver import ClipsDriver

__all__ = ["ClipsDriver"]
