<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>ABPanel</name>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="79"/>
        <source>A/B: did the change help?</source>
        <translation>A/B: la modifica ha aiutato?</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="85"/>
        <source>The new version (its score minus the old one&apos;s is each map&apos;s delta)</source>
        <translation>La versione nuova (il suo punteggio meno quello della vecchia è la differenza di ogni mappa)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="86"/>
        <source>The old version, or any agent to compare with</source>
        <translation>La versione vecchia, o qualsiasi agente con cui confrontare</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="91"/>
        <source>New</source>
        <translation>Nuovo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="92"/>
        <source>Old</source>
        <translation>Vecchio</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="93"/>
        <source>Add agent file…</source>
        <translation>Aggiungi file di agente…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="94"/>
        <source>Your own agent: one .py file, or the .clp file(s) of a CLIPS agent (loaded in the order picked); it becomes the new version</source>
        <translation>Il tuo agente: un file .py, o i file .clp di un agente CLIPS (caricati nell'ordine scelto); diventa la versione nuova</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="100"/>
        <source>How often it may say better or worse when the two are equally good</source>
        <translation>Quanto spesso può dire meglio o peggio quando i due sono ugualmente bravi</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="102"/>
        <source>Alpha</source>
        <translation>Alfa</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="103"/>
        <source>Beta</source>
        <translation>Beta</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="107"/>
        <source> points</source>
        <translation> punti</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="109"/>
        <source>Difference</source>
        <translation>Differenza</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="113"/>
        <source>Processes</source>
        <translation>Processi</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="115"/>
        <source>Run A/B</source>
        <translation>Avvia A/B</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="135"/>
        <source>No A/B run yet.</source>
        <translation>Nessun A/B ancora.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="144"/>
        <source>Each map as the test took it: both scores and the delta (new − old); double-click: both games side by side</source>
        <translation>Ogni mappa nell'ordine in cui il test l'ha presa: i due punteggi e la differenza (nuovo − vecchio); doppio clic: le due partite affiancate</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="151"/>
        <source>Maps better (double-click: both games side by side)</source>
        <translation>Mappe meglio (doppio clic: le due partite affiancate)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="151"/>
        <source>Maps worse (double-click: both games side by side)</source>
        <translation>Mappe peggio (doppio clic: le due partite affiancate)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="172"/>
        <source>Cannot use agent {0}: {1}</source>
        <translation>Impossibile usare l'agente {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="223"/>
        <source>Pick two different agents (the new and the old version).</source>
        <translation>Scegli due agenti diversi (la versione nuova e la vecchia).</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="237"/>
        <source>Playing: {0} against {1} on up to {2} maps…</source>
        <translation>In gioco: {0} contro {1} su al massimo {2} mappe…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="254"/>
        <source>Stopping…</source>
        <translation>Arresto in corso…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="300"/>
        <source>The A/B stopped: {0}</source>
        <translation>L'A/B si è fermato: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="302"/>
        <source>Stopped: the figures are those of the maps finished.</source>
        <translation>Fermato: i numeri sono quelli delle mappe finite.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="315"/>
        <source>{0} maps better, {1} worse, {2} the same ({3} of {4} maps)</source>
        <translation>{0} mappe meglio, {1} peggio, {2} uguali ({3} mappe su {4})</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="337"/>
        <source>Playing both agents on {0}…</source>
        <translation>Gioco dei due agenti su {0}…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="101"/>
        <source>How often it may call a difference of the size below the same</source>
        <translation>Quanto spesso può dire uguali due agenti che differiscono della misura qui sotto</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="108"/>
        <source>Two agents within this many points a game are the same</source>
        <translation>Due agenti entro questi punti a partita sono uguali</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="286"/>
        <source>(unbounded: too few maps)</source>
        <translation>(illimitato: troppo poche mappe)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="287"/>
        <source>Mean delta (new − old): {0} points a game, {1} interval {2} (valid after any map)&lt;br&gt;wins/ties/losses {3}/{4}/{5} · {6} of {7} maps used, {8} games in {9} s</source>
        <translation>Differenza media (nuovo − vecchio): {0} punti a partita, intervallo al {1} {2} (valido dopo ogni mappa)&lt;br&gt;vittorie/pareggi/sconfitte {3}/{4}/{5} · {6} mappe usate su {7}, {8} partite in {9} s</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="313"/>
        <source>between {0} and {1}</source>
        <translation>tra {0} e {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="314"/>
        <source>the interval still unbounded</source>
        <translation>l'intervallo ancora illimitato</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="319"/>
        <source>Better by {0} points a game ({1}); {2}</source>
        <translation>Meglio di {0} punti a partita ({1}); {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="321"/>
        <source>Worse by {0} points a game ({1}); {2}</source>
        <translation>Peggio di {0} punti a partita ({1}); {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="323"/>
        <source>The same within ±{0} points a game (mean delta {1}, {2}); {3}</source>
        <translation>Uguali entro ±{0} punti a partita (differenza media {1}, {2}); {3}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="325"/>
        <source>Undecided: mean delta {0} points a game ({1}); {2}; about {3} more maps like these are likely needed</source>
        <translation>Indeciso: differenza media {0} punti a partita ({1}); {2}; probabilmente servono circa altre {3} mappe come queste</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/ab_panel.py" line="270"/>
        <source>{0} maps so far: mean delta {1} points a game, {2} interval {3}; wins/ties/losses {4}/{5}/{6}</source>
        <translation>{0} mappe finora: differenza media {1} punti a partita, intervallo al {2} {3}; vittorie/pareggi/sconfitte {4}/{5}/{6}</translation>
    </message>
</context>
<context>
    <name>AgentPicker</name>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="59"/>
        <source>Tick the agents to compare</source>
        <translation>Spunta gli agenti da confrontare</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="75"/>
        <source>Add agent file…</source>
        <translation>Aggiungi file di agente…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="76"/>
        <source>Compare your own agent: one .py file, or the .clp file(s) of a CLIPS agent</source>
        <translation>Confronta il tuo agente: un file .py, o i file .clp di un agente CLIPS</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="195"/>
        <source>Cannot use agent {0}: {1}</source>
        <translation>Impossibile usare l'agente {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="80"/>
        <source>Add submissions folder…</source>
        <translation>Aggiungi cartella di consegne…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="81"/>
        <source>A class&apos;s submissions: one agent per student folder or agent file</source>
        <translation>Le consegne di una classe: un agente per cartella di studente o file di agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="126"/>
        <source>Several CLIPS files</source>
        <translation>Più file CLIPS</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="126"/>
        <source>Load these {0} .clp files as one agent (in this order)?
{1}

No: each file is an agent of its own.</source>
        <translation>Caricare questi {0} file .clp come un solo agente (in quest'ordine)?
{1}

No: ogni file è un agente a sé.</translation>
    </message>
</context>
<context>
    <name>ArenaDialog</name>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="60"/>
        <source>Class arena</source>
        <translation>Arena della classe</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="118"/>
        <source>Submit</source>
        <translation>Invia</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="74"/>
        <source>Standings</source>
        <translation>Classifica</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="91"/>
        <source>the address your teacher gave, e.g. http://lab.example.org:8000</source>
        <translation>l'indirizzo dato dal docente, ad es. http://lab.example.org:8000</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="94"/>
        <source>your token</source>
        <translation>il tuo token</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="95"/>
        <source>Show</source>
        <translation>Mostra</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="98"/>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="101"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="112"/>
        <source>an agent&apos;s name, a .clp or .py file, or a folder with load-order.txt</source>
        <translation>il nome di un agente, un file .clp o .py, o una cartella con load-order.txt</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="115"/>
        <source>Files…</source>
        <translation>File…</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="115"/>
        <source>Folder…</source>
        <translation>Cartella…</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="120"/>
        <source>Send the agent&apos;s files as your next version: its games are queued on every hidden map</source>
        <translation>Invia i file dell'agente come tua prossima versione: le sue partite vanno in coda su ogni mappa nascosta</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="124"/>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="147"/>
        <source>%v of %m games played</source>
        <translation>%v partite giocate su %m</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="162"/>
        <source>Open my page</source>
        <translation>Apri la mia pagina</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="163"/>
        <source>Your page on the arena, in the browser: every game with its replay, and the coach&apos;s advice</source>
        <translation>La tua pagina nell'arena, nel browser: ogni partita con il suo replay, e i consigli del coach</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="174"/>
        <source>Refresh to see the leaderboard.</source>
        <translation>Aggiorna per vedere la classifica.</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>Student</source>
        <translation>Studente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>Version</source>
        <translation>Versione</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>Games</source>
        <translation>Partite</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>Mean</source>
        <translation>Media</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>95% interval</source>
        <translation>IC 95%</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>% of oracle</source>
        <translation>% oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>vs previous</source>
        <translation>vs precedente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>Maps +/−</source>
        <translation>Mappe +/−</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="176"/>
        <source>Submitted</source>
        <translation>Inviata</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="181"/>
        <source>The mean score over the maps played</source>
        <translation>Il punteggio medio sulle mappe giocate</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="182"/>
        <source>Where the mean over every hidden map lies, with 95% confidence</source>
        <translation>Dove sta la media su tutte le mappe nascoste, con confidenza al 95%</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="183"/>
        <source>This version against the same student&apos;s previous one, paired by map</source>
        <translation>Questa versione contro la precedente dello stesso studente, appaiate per mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="184"/>
        <source>Maps where this version scored higher / lower than the previous one</source>
        <translation>Mappe in cui questa versione ha fatto più / meno punti della precedente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="205"/>
        <source>Open the leaderboard</source>
        <translation>Apri la classifica</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="207"/>
        <source>Refresh</source>
        <translation>Aggiorna</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="237"/>
        <source>Pick the agent to submit.</source>
        <translation>Scegli l'agente da inviare.</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="242"/>
        <source>Cannot be sent: {0}</source>
        <translation>Non si può inviare: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="244"/>
        <source>Sends {0} file(s): {1}</source>
        <translation>Invia {0} file: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="330"/>
        <source>Version {0}</source>
        <translation>Versione {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="330"/>
        <source>Nothing submitted from here yet</source>
        <translation>Ancora nulla inviato da qui</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="342"/>
        <source>It does not load: {0}</source>
        <translation>Non si carica: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="342"/>
        <source>Stopped: {0}</source>
        <translation>Fermata: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="345"/>
        <source>Its games failed: your page says why.</source>
        <translation>Le sue partite sono fallite: la tua pagina dice perché.</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="357"/>
        <source>Mean score {0:.1f} (95% interval {1:.1f} to {2:.1f})</source>
        <translation>Punteggio medio {0:.1f} (intervallo al 95% da {1:.1f} a {2:.1f})</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="360"/>
        <source>, {0:.1f}% of the oracle</source>
        <translation>, {0:.1f}% dell'oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="361"/>
        <source>; rank {0} of {1}</source>
        <translation>; posizione {0} su {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="367"/>
        <source>Better than your previous version</source>
        <translation>Migliore della tua versione precedente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="368"/>
        <source>Worse than your previous version</source>
        <translation>Peggiore della tua versione precedente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="369"/>
        <source>No different from your previous version</source>
        <translation>Non diversa dalla tua versione precedente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="370"/>
        <source>Not decided yet against your previous version</source>
        <translation>Non ancora decisa rispetto alla tua versione precedente</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="371"/>
        <source>Your first version: nothing to compare it with</source>
        <translation>La tua prima versione: nulla con cui confrontarla</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="378"/>
        <source>: {0:+.1f} a map (95% interval {1:+.1f} to {2:+.1f}) on {3} maps</source>
        <translation>: {0:+.1f} a mappa (intervallo al 95% da {1:+.1f} a {2:+.1f}) su {3} mappe</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="386"/>
        <source>Maps gained ({0}): {1}</source>
        <translation>Mappe guadagnate ({0}): {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="386"/>
        <source>Maps lost ({0}): {1}</source>
        <translation>Mappe perse ({0}): {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="390"/>
        <source>queued</source>
        <translation>in coda</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="390"/>
        <source>loading</source>
        <translation>caricamento</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="390"/>
        <source>playing</source>
        <translation>in gioco</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="391"/>
        <source>done</source>
        <translation>finita</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="424"/>
        <source>better</source>
        <translation>migliore</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="424"/>
        <source>worse</source>
        <translation>peggiore</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="424"/>
        <source>same</source>
        <translation>uguale</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="425"/>
        <source>undecided</source>
        <translation>indecisa</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="428"/>
        <source> (you)</source>
        <translation> (tu)</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="355"/>
        <source>Mean score {0:.1f}</source>
        <translation>Punteggio medio {0:.1f}</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="376"/>
        <source>: {0:+.1f} a map on {1} maps, the interval still unbounded</source>
        <translation>: {0:+.1f} a mappa su {1} mappe, l'intervallo ancora illimitato</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="196"/>
        <source>the name the others see</source>
        <translation>il nome che vedono gli altri</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="197"/>
        <source>How the other students see you on the leaderboard (until you choose, an anonymous label); your teacher sees your name on the roster</source>
        <translation>Come ti vedono gli altri studenti in classifica (finché non scegli, un nome anonimo); il docente vede il tuo nome dell'elenco della classe</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="199"/>
        <source>Set</source>
        <translation>Imposta</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="201"/>
        <source>Your name on the leaderboard</source>
        <translation>Il tuo nome in classifica</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="398"/>
        <source>the term&apos;s hidden maps</source>
        <translation>le mappe nascoste del corso</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="399"/>
        <source>the final maps, played after the deadline: the ones graded</source>
        <translation>le mappe finali, giocate dopo la scadenza: quelle che danno il voto</translation>
    </message>
    <message>
        <location filename="../../app/gui/arena_dialog.py" line="400"/>
        <source>{0} students on {1} maps: {2}</source>
        <translation>{0} studenti su {1} mappe: {2}</translation>
    </message>
</context>
<context>
    <name>BatchPanel</name>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="91"/>
        <source>Batch over a folder of maps</source>
        <translation>In serie su una cartella di mappe</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="131"/>
        <source>Processes</source>
        <translation>Processi</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="139"/>
        <source> s per game</source>
        <translation> s per partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="140"/>
        <source>Timeout</source>
        <translation>Limite</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="97"/>
        <source>Agents</source>
        <translation>Agenti</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="148"/>
        <source>Run batch</source>
        <translation>Avvia la serie</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="151"/>
        <source>no batch run yet</source>
        <translation>nessuna serie ancora</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="198"/>
        <source>Tick at least one agent.</source>
        <translation>Spunta almeno un agente.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="232"/>
        <source>%v / %m games</source>
        <translation>%v / %m partite</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="234"/>
        <source>{0} agents × {1} maps = {2} games…</source>
        <translation>{0} agenti × {1} mappe = {2} partite…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="298"/>
        <source>{0} games · {1} s · {2} failures</source>
        <translation>{0} partite · {1} s · {2} fallimenti</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="319"/>
        <source>{0} of {1} games in {2} s</source>
        <translation>{0} partite su {1} in {2} s</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="323"/>
        <source>(stopped)</source>
        <translation>(fermata)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="325"/>
        <source>error: {0}</source>
        <translation>errore: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="401"/>
        <source>Nothing to export yet.</source>
        <translation>Ancora niente da esportare.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="404"/>
        <source>CSV files (*.csv)</source>
        <translation>File CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="415"/>
        <source>Saved {0} rows to {1}</source>
        <translation>Salvate {0} righe in {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="141"/>
        <source>Luck-adjusted score</source>
        <translation>Punteggio al netto della fortuna</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="142"/>
        <source>Grade every game with the coach too (docs/coach.md) and show its luck-adjusted score: a few seconds more per game</source>
        <translation>Valuta ogni partita anche con il coach (docs/coach.md) e mostra il suo punteggio al netto della fortuna: qualche secondo in più a partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="144"/>
        <source>Coach</source>
        <translation>Coach</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="116"/>
        <source>This machine</source>
        <translation>Questo PC</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="117"/>
        <source>Dask (local)</source>
        <translation>Dask (locale)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="118"/>
        <source>Dask scheduler</source>
        <translation>Scheduler Dask</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="119"/>
        <source>Where the games run: this machine&apos;s processes, a Dask cluster started on this machine, or the Dask scheduler of a lab or a cluster (docs/tournament.md)</source>
        <translation>Dove si giocano le partite: nei processi di questo computer, in un cluster Dask avviato su questo computer, o tramite lo scheduler Dask di un laboratorio o di un cluster (docs/tournament.md)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="125"/>
        <source>The address dask scheduler printed, e.g. tcp://10.0.0.5:8786</source>
        <translation>L'indirizzo stampato da dask scheduler, per esempio tcp://10.0.0.5:8786</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="122"/>
        <source>Run on</source>
        <translation>Esegui su</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="130"/>
        <source>Processes playing games at once (on a local cluster: its workers)</source>
        <translation>Processi che giocano partite in contemporanea (in un cluster locale: i suoi worker)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="189"/>
        <source>“{0}” is not a scheduler address: write it as tcp://HOST:8786</source>
        <translation>«{0}» non è l'indirizzo di uno scheduler: scrivilo come tcp://HOST:8786</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="238"/>
        <source>Starting a Dask cluster on this machine…</source>
        <translation>Avvio di un cluster Dask su questo computer…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="240"/>
        <source>Connecting to {0}…</source>
        <translation>Connessione a {0}…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="280"/>
        <source>Stopping…</source>
        <translation>Arresto in corso…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="284"/>
        <source>{0} games on {1} Dask workers ({2} threads)…</source>
        <translation>{0} partite su {1} worker Dask ({2} thread)…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="126"/>
        <source>Address</source>
        <translation>Indirizzo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="202"/>
        <source>No ticked agent loads.</source>
        <translation>Nessun agente spuntato si carica.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="270"/>
        <source>{0} not played: {1}</source>
        <translation>{0} non giocato: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="110"/>
        <source>Results</source>
        <translation>Risultati</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="210"/>
        <source>{0}: the results file must end in .jsonl (the file of bench --out F.jsonl)</source>
        <translation>{0}: il file dei risultati deve finire in .jsonl (il file di bench --out F.jsonl)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="236"/>
        <source>{0} already in {1}: not played again.</source>
        <translation>{0} già in {1}: non rigiocate.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="321"/>
        <source>({0} were in the results file already)</source>
        <translation>({0} erano già nel file dei risultati)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="340"/>
        <source>Results: {0}</source>
        <translation>Risultati: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="350"/>
        <source>The games will go to the new file {0}</source>
        <translation>Le partite andranno nel nuovo file {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch.py" line="366"/>
        <source>{0} of {1} games are in {2}: Run batch plays the others.</source>
        <translation>{0} partite su {1} sono in {2}: «Avvia la serie» gioca le altre.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_file.py" line="109"/>
        <source>Maps in other folders are not in this batch: {0}</source>
        <translation>Le mappe in altre cartelle non sono in questa serie: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_file.py" line="116"/>
        <source>Played with options the batch does not set ({0}): its games are played again</source>
        <translation>Giocato con opzioni che la serie non imposta ({0}): le sue partite vengono rigiocate</translation>
    </message>
</context>
<context>
    <name>BatchResults</name>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="26"/>
        <source>score per game (box: quartiles, triangle: mean)</source>
        <translation>punteggio per partita (scatola: quartili, triangolo: media)</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="26"/>
        <source>score</source>
        <translation>punteggio</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="26"/>
        <source>mean score as % of oracle</source>
        <translation>punteggio medio in % dell'oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="26"/>
        <source>% of oracle</source>
        <translation>% dell'oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="46"/>
        <source>Plots</source>
        <translation>Grafici</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="48"/>
        <source>Games</source>
        <translation>Partite</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="49"/>
        <source>Export CSV…</source>
        <translation>Esporta CSV…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="68"/>
        <source>Plots need matplotlib: {0}</source>
        <translation>I grafici richiedono matplotlib: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_results.py" line="87"/>
        <source>{0} maps</source>
        <translation>{0} mappe</translation>
    </message>
</context>
<context>
    <name>BoardWidget</name>
    <message>
        <location filename="../../app/gui/board.py" line="257"/>
        <source>of {0}</source>
        <translation>su {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="264"/>
        <source>row {0}, column {1}</source>
        <translation>riga {0}, colonna {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="270"/>
        <source>known at start</source>
        <translation>nota all'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="273"/>
        <source>hit: {0}</source>
        <translation>colpita: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="273"/>
        <source>{0}, found by a flag</source>
        <translation>{0}, trovata con una bandierina</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="273"/>
        <source>{0}, missed</source>
        <translation>{0}, non trovata</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="277"/>
        <source>water</source>
        <translation>acqua</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="278"/>
        <source>unknown</source>
        <translation>sconosciuta</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="278"/>
        <source>fired: water (miss)</source>
        <translation>sparo: acqua (mancato)</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="281"/>
        <source>flagged</source>
        <translation>con bandierina</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="281"/>
        <source>right flag</source>
        <translation>bandierina giusta</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="281"/>
        <source>wrong flag</source>
        <translation>bandierina sbagliata</translation>
    </message>
    <message>
        <location filename="../../app/gui/board.py" line="330"/>
        <source>cursor at row {0}, column {1}</source>
        <translation>cursore a riga {0}, colonna {1}</translation>
    </message>
</context>
<context>
    <name>BreakpointList</name>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="51"/>
        <source>Right-click a rule (firings, agenda, rule counts) and pick &quot;Break before this rule&quot;: the agent&apos;s turn pauses just before it fires, as CLIPS&apos;s set-break.</source>
        <translation>Clic destro su una regola (regole eseguite, agenda, conteggi) e scegli &quot;Fermati prima di questa regola&quot;: il turno dell'agente si ferma appena prima che scatti, come con set-break di CLIPS.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="58"/>
        <source>The rules with a breakpoint</source>
        <translation>Le regole con un punto di arresto</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="61"/>
        <source>Remove</source>
        <translation>Togli</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="62"/>
        <source>Remove the breakpoint picked</source>
        <translation>Togli il punto di arresto scelto</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="64"/>
        <source>Remove all</source>
        <translation>Togli tutti</translation>
    </message>
</context>
<context>
    <name>CheckPanel</name>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="26"/>
        <source>Check</source>
        <translation>Verifica</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="30"/>
        <source>What the engine says about the map: overlap, touching ships, the fleet, the cells known at start, and how many solutions the puzzle has</source>
        <translation>Che cosa dice il motore della mappa: sovrapposizioni, navi che si toccano, la flotta, le celle note all'inizio e quante soluzioni ha il puzzle</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="33"/>
        <source>Standard fleet only</source>
        <translation>Solo flotta standard</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="35"/>
        <source>Refuse ships the standard fleet (1x4, 2x3, 3x2, 4x1) has no room for; off: any fleet (agents are told the map&apos;s fleet)</source>
        <translation>Rifiuta le navi per cui la flotta standard (1x4, 2x3, 3x2, 4x1) non ha posto; spento: qualunque flotta (agli agenti viene detta la flotta della mappa)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="40"/>
        <source>Clear known cells</source>
        <translation>Cancella le celle note</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="41"/>
        <source>Unmark every cell known at start</source>
        <translation>Togli il segno a ogni cella nota all'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="63"/>
        <source>… and {0} more</source>
        <translation>… e altri {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="65"/>
        <source>Empty board: draw a ship, or press Random map.</source>
        <translation>Griglia vuota: disegna una nave, o premi Mappa casuale.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="70"/>
        <source>Counts and known cells: {0}</source>
        <translation>Conteggi e celle note: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="76"/>
        <source>standard fleet</source>
        <translation>flotta standard</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="76"/>
        <source>{0} ships still to place</source>
        <translation>{0} navi ancora da piazzare</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="76"/>
        <source>non-standard fleet</source>
        <translation>flotta non standard</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="80"/>
        <source>No ships overlap or touch</source>
        <translation>Nessuna nave si sovrappone o ne tocca un'altra</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="84"/>
        <source>the puzzle has no solution</source>
        <translation>il puzzle non ha soluzioni</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="86"/>
        <source>the puzzle has exactly one solution</source>
        <translation>il puzzle ha una sola soluzione</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/check_panel.py" line="87"/>
        <source>the puzzle has {0} solutions</source>
        <translation>il puzzle ha {0} soluzioni</translation>
    </message>
</context>
<context>
    <name>CoachPanel</name>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>fire {0}</source>
        <translation>sparo {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>(this one)</source>
        <translation>(proprio questo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>stop firing, solve</source>
        <translation>smettere di sparare, risolvere</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>flag {0}</source>
        <translation>bandierina {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>no flag here</source>
        <translation>nessuna bandierina qui</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>(keep it)</source>
        <translation>(da tenere)</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>no flag</source>
        <translation>nessuna bandierina</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>solve</source>
        <translation>risolvi</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>fire {0} first</source>
        <translation>prima sparo {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>spend unused fires/flags where they count for nothing</source>
        <translation>usare spari/bandierine avanzati dove non contano</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>fires</source>
        <translation>spari</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>stopping</source>
        <translation>arresto</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>flags</source>
        <translation>bandierine</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="39"/>
        <source>leftovers</source>
        <translation>avanzi</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="201"/>
        <source>Open or finish a game: the coach grades its decisions here.</source>
        <translation>Apri o finisci una partita: qui il coach ne valuta le decisioni.</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="157"/>
        <source>Show each fired cell&apos;s loss on the board</source>
        <translation>Mostra sulla griglia la perdita di ogni cella sparata</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="159"/>
        <source>Label each cell fired so far with what the fire lost in expectation</source>
        <translation>Scrive su ogni cella sparata finora quanto lo sparo ha perso in attesa</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="179"/>
        <source>step</source>
        <translation>passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="179"/>
        <source>decision</source>
        <translation>decisione</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="179"/>
        <source>loss</source>
        <translation>perdita</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="172"/>
        <source>Every graded decision, by step; pick one to go to that step</source>
        <translation>Ogni decisione valutata, per passo; scegline una per andare a quel passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="204"/>
        <source>The coach grades every decision with the information the agent had (it starts when this tab is shown).</source>
        <translation>Il coach valuta ogni decisione con le informazioni che l'agente aveva (comincia quando questa scheda è mostrata).</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="224"/>
        <source>Grading the game's decisions… (a few seconds; the window stays usable)</source>
        <translation>Valutazione delle decisioni della partita… (qualche secondo; la finestra resta utilizzabile)</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="244"/>
        <source>&lt;b&gt;The coach could not grade this game:&lt;/b&gt; {0}</source>
        <translation>&lt;b&gt;Il coach non ha potuto valutare questa partita:&lt;/b&gt; {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="254"/>
        <source> &lt;i&gt;(sampled posterior: estimates)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(posteriore campionata: stime)&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="255"/>
        <source>&lt;b&gt;Points lost in expectation: {0}&lt;/b&gt; ({1})&lt;br&gt;</source>
        <translation>&lt;b&gt;Punti persi in attesa: {0}&lt;/b&gt; ({1})&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="255"/>
        <source>Luck-adjusted score &lt;b&gt;{0}&lt;/b&gt; · actual score &lt;b&gt;{1}&lt;/b&gt; · luck {2}&lt;br&gt;</source>
        <translation>Punteggio al netto della fortuna &lt;b&gt;{0}&lt;/b&gt; · punteggio effettivo &lt;b&gt;{1}&lt;/b&gt; · fortuna {2}&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="255"/>
        <source>bayes&apos;s value of the start {0}; posterior {1}; graded in {2} s</source>
        <translation>valore dell'inizio secondo bayes {0}; posteriore {1}; valutata in {2} s</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="286"/>
        <source>At the start. Step forward: each step shows what its decision was worth.</source>
        <translation>Inizio. Vai avanti di un passo: ogni passo mostra quanto valeva la sua decisione.</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="288"/>
        <source>Step {0}: nothing graded here (flags are graded at the solve, by the flag set the agent ended with).</source>
        <translation>Passo {0}: niente da valutare qui (le bandierine si valutano alla risoluzione, con quelle che l'agente ha alla fine).</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="294"/>
        <source>and {0} more of this step in the list below</source>
        <translation>e altre {0} di questo passo nella lista sotto</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="296"/>
        <source>Step {0}: nothing here cost points.</source>
        <translation>Passo {0}: qui niente è costato punti.</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="301"/>
        <source>&lt;b&gt;Step {0}: {1}&lt;/b&gt; — expected loss &lt;b style='color:{2}'&gt;{3}&lt;/b&gt;; best: {4}</source>
        <translation>&lt;b&gt;Passo {0}: {1}&lt;/b&gt; — perdita attesa &lt;b style='color:{2}'&gt;{3}&lt;/b&gt;; meglio: {4}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="304"/>
        <source>P(ship) {0} here vs {1} at the best cell; information {2} vs {3} bits</source>
        <translation>P(nave) {0} qui contro {1} nella cella migliore; informazione {2} contro {3} bit</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="304"/>
        <source>P(ship) {0}; stopping here was worth {1} vs {2}</source>
        <translation>P(nave) {0}; fermarsi qui valeva {1} contro {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="310"/>
        <source>luck of the outcome {0}</source>
        <translation>fortuna dell'esito {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/coach_panel.py" line="179"/>
        <source>best alternative</source>
        <translation>alternativa migliore</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="222"/>
        <source>folder, glob or map file</source>
        <translation>cartella, glob o file di mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="228"/>
        <source>Maps</source>
        <translation>Mappe</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="230"/>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="233"/>
        <source>Seed</source>
        <translation>Seme</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/controls.py" line="253"/>
        <source>Stop</source>
        <translation>Ferma</translation>
    </message>
</context>
<context>
    <name>CompareTables</name>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>agent</source>
        <translation>agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>map</source>
        <translation>mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>score</source>
        <translation>punteggio</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>oracle</source>
        <translation>oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>% oracle</source>
        <translation>% oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>precision</source>
        <translation>precisione</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>recall</source>
        <translation>richiamo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>actions</source>
        <translation>azioni</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>seconds</source>
        <translation>secondi</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>failure</source>
        <translation>errore</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>stop reason</source>
        <translation>motivo di arresto</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>luck-adj</source>
        <translation>netto fortuna</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>games</source>
        <translation>partite</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>mean</source>
        <translation>media</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>median</source>
        <translation>mediana</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>fires ok/ko</source>
        <translation>spari ok/ko</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>flags ok/ko</source>
        <translation>bandierine ok/ko</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>sunk</source>
        <translation>affondate</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>s/game</source>
        <translation>s/partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>max s</source>
        <translation>s max</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>failures</source>
        <translation>errori</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>coach s</source>
        <translation>s coach</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>new</source>
        <translation>nuovo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>old</source>
        <translation>vecchio</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/tables.py" line="17"/>
        <source>delta</source>
        <translation>differenza</translation>
    </message>
</context>
<context>
    <name>CompareWindow</name>
    <message>
        <location filename="../../app/gui/compare/window.py" line="28"/>
        <source>Battleship Lab — Compare agents</source>
        <translation>Battleship Lab — Confronta agenti</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/window.py" line="39"/>
        <source>Side by side</source>
        <translation>Affiancati</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/window.py" line="40"/>
        <source>Batch</source>
        <translation>In serie</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/window.py" line="42"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
</context>
<context>
    <name>EditorLegend</name>
    <message>
        <location filename="../../app/gui/editor/legend.py" line="34"/>
        <source>Ship (hidden at start)</source>
        <translation>Nave (nascosta all'inizio)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/legend.py" line="34"/>
        <source>Ship known at start (K)</source>
        <translation>Nave nota all'inizio (K)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/legend.py" line="34"/>
        <source>Water known at start</source>
        <translation>Acqua nota all'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/legend.py" line="34"/>
        <source>Refused or wrong</source>
        <translation>Rifiutata o sbagliata</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/legend.py" line="47"/>
        <source>Legend</source>
        <translation>Legenda</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <location filename="../../app/core/messages.py" line="18"/>
        <source>solved by the agent</source>
        <translation>risolta dall'agente</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="19"/>
        <source>step limit reached</source>
        <translation>raggiunto il limite di passi</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="20"/>
        <source>the agent stalled: &apos;{label}&apos; cannot be carried out ({why}); the course&apos;s environment has no rule for it and would hang here</source>
        <translation>l'agente si è bloccato: '{label}' non si può eseguire ({why}); l'ambiente del corso non ha una regola per questo e qui si fermerebbe</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="23"/>
        <source>off the board; the course accepts it: one fire used, nothing counted</source>
        <translation>fuori dalla griglia; il corso lo accetta: uno sparo usato, niente conteggiato</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="24"/>
        <source>off the board; the course accepts it: one flag used, nothing counted</source>
        <translation>fuori dalla griglia; il corso lo accetta: una bandierina usata, niente conteggiato</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="25"/>
        <source>cell already fired</source>
        <translation>cella già sparata</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="26"/>
        <source>ship cell known from the start</source>
        <translation>cella di nave nota dall'inizio</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="27"/>
        <source>cell already flagged; the course keeps one flag there: one flag used</source>
        <translation>cella con già una bandierina; il corso ne tiene una sola: una bandierina usata</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="28"/>
        <source>no fires left</source>
        <translation>spari esauriti</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="29"/>
        <source>no flags left</source>
        <translation>bandierine esaurite</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="30"/>
        <source>no flag on that cell</source>
        <translation>nessuna bandierina su quella cella</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="31"/>
        <source>already {count} flags left</source>
        <translation>già {count} bandierine rimaste</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="33"/>
        <source>k-cell {x} {y} {piece} asserted by the agent: the course fires there (one fire taken back from fok; the cell counts as fired)</source>
        <translation>k-cell {x} {y} {piece} asserita dall'agente: il corso spara lì (uno sparo tolto da fok; la cella conta come sparata)</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="35"/>
        <source>agent loaded with {count} errors</source>
        <translation>agente caricato con {count} errori</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="36"/>
        <source>agent loaded with 1 error</source>
        <translation>agente caricato con 1 errore</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>hit</source>
        <translation>colpita</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>miss</source>
        <translation>acqua</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>fire-wasted</source>
        <translation>sparo-sprecato</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>flagged</source>
        <translation>bandierina</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>flag-wasted</source>
        <translation>bandierina-sprecata</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>unflagged</source>
        <translation>bandierina-tolta</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>rejected</source>
        <translation>rifiutata</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="38"/>
        <source>solved</source>
        <translation>risolta</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="43"/>
        <source>step</source>
        <translation>passo</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>water</source>
        <translation>acqua</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>sub</source>
        <translation>sottomarino</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>left</source>
        <translation>sinistra</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>right</source>
        <translation>destra</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>top</source>
        <translation>cima</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>bot</source>
        <translation>fondo</translation>
    </message>
    <message>
        <location filename="../../app/core/messages.py" line="44"/>
        <source>middle</source>
        <translation>centro</translation>
    </message>
</context>
<context>
    <name>FactsPanel</name>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="33"/>
        <source>asserted during this step</source>
        <translation>asserito durante questo passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="34"/>
        <source>modified during this step</source>
        <translation>modificato durante questo passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="35"/>
        <source>retracted during this step (no longer in working memory)</source>
        <translation>ritirato durante questo passo (non è più nella memoria di lavoro)</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="70"/>
        <source>changed this step</source>
        <translation>cambiati in questo passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="71"/>
        <source>Show only the facts asserted (green), modified (amber) or retracted (red) during the step on screen</source>
        <translation>Mostra solo i fatti asseriti (verde), modificati (ambra) o ritirati (rosso) durante il passo mostrato</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="224"/>
        <source>{0} changed this step</source>
        <translation>{0} cambiati in questo passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="30"/>
        <source>All templates</source>
        <translation>Tutti i template</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="63"/>
        <source>Show the facts of one template only</source>
        <translation>Mostra solo i fatti di un template</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="66"/>
        <source>filter facts…</source>
        <translation>filtra i fatti…</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="68"/>
        <source>Show only the facts containing this text (module, f-index or fact)</source>
        <translation>Mostra solo i fatti che contengono questo testo (modulo, indice f- o fatto)</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="80"/>
        <source>fact</source>
        <translation>fatto</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="80"/>
        <source>template</source>
        <translation>template</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="80"/>
        <source>as CLIPS prints it</source>
        <translation>come lo stampa CLIPS</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="87"/>
        <source>The working memory at the current step, by module: the agent&apos;s own, then MAIN and ENV (the game protocol)</source>
        <translation>La memoria di lavoro al passo corrente, per modulo: quelli dell'agente, poi MAIN ed ENV (il protocollo di gioco)</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="117"/>
        <source>This agent has no working memory to show (facts appear for CLIPS agents).</source>
        <translation>Questo agente non ha una memoria di lavoro da mostrare (i fatti compaiono per gli agenti CLIPS).</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="197"/>
        <source>game protocol</source>
        <translation>protocollo di gioco</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="222"/>
        <source>{0} of {1} facts</source>
        <translation>{0} fatti su {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="219"/>
        <source>Could not read the agent&apos;s facts: {0}</source>
        <translation>Impossibile leggere i fatti dell'agente: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/facts_panel.py" line="160"/>
        <source>Why is f-{0} here? (chain, in the Rules tab)</source>
        <translation>Perché f-{0} è qui? (catena, nella scheda Regole)</translation>
    </message>
</context>
<context>
    <name>FleetPanel</name>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="40"/>
        <source>battleship</source>
        <translation>corazzata</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="40"/>
        <source>cruiser</source>
        <translation>incrociatore</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="41"/>
        <source>destroyer</source>
        <translation>cacciatorpediniere</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="41"/>
        <source>submarine</source>
        <translation>sottomarino</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="49"/>
        <source>Fleet</source>
        <translation>Flotta</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="58"/>
        <source>1 cell</source>
        <translation>1 cella</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="58"/>
        <source>{0} cells</source>
        <translation>{0} celle</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="65"/>
        <source>The standard fleet has {0} × {1} of {2}</source>
        <translation>La flotta standard ha {0} × {1} da {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="87"/>
        <source>✓ all placed</source>
        <translation>✓ tutte piazzate</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="90"/>
        <source>{0} placed — {1} too many</source>
        <translation>{0} piazzate — {1} di troppo</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="93"/>
        <source>{0} of {1} left</source>
        <translation>ne mancano {0} su {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="98"/>
        <source>The standard fleet is complete.</source>
        <translation>La flotta standard è completa.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="100"/>
        <source>1 ship ({0} cells) left to place.</source>
        <translation>Manca 1 nave ({0} celle) da piazzare.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="102"/>
        <source>{0} ships ({1} cells) left to place.</source>
        <translation>Mancano {0} navi ({1} celle) da piazzare.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/fleet_panel.py" line="105"/>
        <source>Not in the standard fleet: {0}.</source>
        <translation>Non nella flotta standard: {0}.</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>Arrows</source>
        <translation>Frecce</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>move the cursor</source>
        <translation>muovono il cursore</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>Home / End, PageUp / PageDown</source>
        <translation>Home / Fine, PagSu / PagGiù</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>jump to the edges</source>
        <translation>saltano ai bordi</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>F, Space or Enter</source>
        <translation>F, Spazio o Invio</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>fire at the cursor</source>
        <translation>spara sul cursore</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>flag or unflag at the cursor</source>
        <translation>mette o toglie una bandierina sul cursore</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>Left / right click</source>
        <translation>Clic sinistro / destro</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="16"/>
        <source>fire / flag or unflag</source>
        <translation>spara / mette o toglie una bandierina</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="34"/>
        <source>unknown</source>
        <translation>sconosciuta</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="52"/>
        <source>&lt;p&gt;Start from a template: &lt;b&gt;agents/templates/my_agent.clp&lt;/b&gt; (CLIPS) or &lt;b&gt;agents/templates/my_agent.py&lt;/b&gt; (Python). Pick it with &lt;b&gt;Agent ▸ Open agent file…&lt;/b&gt;; after each change press &lt;b&gt;Reset&lt;/b&gt; to load it again.&lt;/p&gt;&lt;p&gt;Check it before playing: &lt;tt&gt;python main.py check-agent FILE&lt;/tt&gt; lists load errors and what course agents often get wrong.&lt;/p&gt;&lt;p&gt;Read more in docs/clips-agents.md, docs/agents.md and docs/rules.md.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Parti da un modello: &lt;b&gt;agents/templates/my_agent.clp&lt;/b&gt; (CLIPS) o &lt;b&gt;agents/templates/my_agent.py&lt;/b&gt; (Python). Sceglilo con &lt;b&gt;Agente ▸ Apri file di agente…&lt;/b&gt;; dopo ogni modifica premi &lt;b&gt;Ricomincia&lt;/b&gt; per ricaricarlo.&lt;/p&gt;&lt;p&gt;Controllalo prima di giocare: &lt;tt&gt;python main.py check-agent FILE&lt;/tt&gt; elenca gli errori di caricamento e gli sbagli frequenti degli agenti del corso.&lt;/p&gt;&lt;p&gt;Per saperne di più: docs/clips-agents.md, docs/agents.md e docs/rules.md.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="65"/>
        <source>&lt;p&gt;&lt;b&gt;Battleship Lab&lt;/b&gt; — solitaire Battleship for CLIPS and Python agents.&lt;/p&gt;&lt;p&gt;Version: {0}&lt;/p&gt;&lt;p&gt;Rules profiles:&lt;/p&gt;&lt;ul&gt;{1}&lt;/ul&gt;&lt;p&gt;Settings are kept in: {2}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Battleship Lab&lt;/b&gt; — battaglia navale in solitario per agenti CLIPS e Python.&lt;/p&gt;&lt;p&gt;Versione: {0}&lt;/p&gt;&lt;p&gt;Profili di regole:&lt;/p&gt;&lt;ul&gt;{1}&lt;/ul&gt;&lt;p&gt;Le impostazioni sono salvate in: {2}&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="73"/>
        <source>&amp;Help</source>
        <translation>&amp;Aiuto</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="75"/>
        <source>Keyboard Shortcuts</source>
        <translation>Scorciatoie da tastiera</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="75"/>
        <source>Writing an Agent</source>
        <translation>Scrivere un agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/help_menu.py" line="75"/>
        <source>About Battleship Lab</source>
        <translation>Informazioni su Battleship Lab</translation>
    </message>
</context>
<context>
    <name>Interaction</name>
    <message>
        <location filename="../../app/gui/interaction.py" line="78"/>
        <source>Load map</source>
        <translation>Carica mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="83"/>
        <source>Open agent file(s)</source>
        <translation>Apri i file dell'agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="87"/>
        <source>Choose a folder of maps</source>
        <translation>Scegli una cartella di mappe</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="99"/>
        <source>Save as</source>
        <translation>Salva come</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="112"/>
        <source>Open replay</source>
        <translation>Apri replay</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="119"/>
        <source>Save map</source>
        <translation>Salva mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="139"/>
        <source>Unsaved changes</source>
        <translation>Modifiche non salvate</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="139"/>
        <source>The map {0} has changes that are not saved. Save them first?</source>
        <translation>La mappa {0} ha modifiche non salvate. Salvarle prima?</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="189"/>
        <source>Don&apos;t ask again</source>
        <translation>Non chiedere più</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="158"/>
        <source>Game limits</source>
        <translation>Limiti della partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="161"/>
        <source>Fires</source>
        <translation>Spari</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="161"/>
        <source>Flags</source>
        <translation>Bandierine</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="161"/>
        <source>Steps</source>
        <translation>Passi</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Maps</source>
        <translation>Mappe</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>All files</source>
        <translation>Tutti i file</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Agents</source>
        <translation>Agenti</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Game logs</source>
        <translation>Registri di partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Native map</source>
        <translation>Mappa nativa</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Course map</source>
        <translation>Mappa del corso</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Bimaru puzzle</source>
        <translation>Rompicapo Bimaru</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="38"/>
        <source>Batch results</source>
        <translation>Risultati in serie</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="105"/>
        <source>Batch results file</source>
        <translation>File dei risultati in serie</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="170"/>
        <source>Course&apos;s main.clp</source>
        <translation>main.clp del corso</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="170"/>
        <source>Course&apos;s env.clp</source>
        <translation>env.clp del corso</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="173"/>
        <source>none: the app&apos;s own MAIN and ENV</source>
        <translation>nessuno: MAIN ed ENV dell'app</translation>
    </message>
    <message>
        <location filename="../../app/gui/interaction.py" line="93"/>
        <source>Choose the agent&apos;s folder</source>
        <translation>Scegli la cartella dell'agente</translation>
    </message>
</context>
<context>
    <name>Lane</name>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="75"/>
        <source>ready</source>
        <translation>pronto</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="81"/>
        <source>could not start</source>
        <translation>non è partito</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="82"/>
        <source>error: {0}</source>
        <translation>errore: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="89"/>
        <source>{0} steps · fires {1} · flags {2}</source>
        <translation>{0} passi · spari {1} · bandierine {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="94"/>
        <source>{0}% of oracle</source>
        <translation>{0}% dell'oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="96"/>
        <source>score &lt;b&gt;{0}&lt;/b&gt;</source>
        <translation>punteggio &lt;b&gt;{0}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="96"/>
        <source>{0} steps</source>
        <translation>{0} passi</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/lane.py" line="96"/>
        <source>agent failed</source>
        <translation>l'agente si è fermato per errore</translation>
    </message>
</context>
<context>
    <name>Legend</name>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Unknown</source>
        <translation>Sconosciuta</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Known at start (K)</source>
        <translation>Nota all'inizio (K)</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Hit (piece shape)</source>
        <translation>Colpita (forma del pezzo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Miss</source>
        <translation>Mancato</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Water</source>
        <translation>Acqua</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Flag</source>
        <translation>Bandierina</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Last action</source>
        <translation>Ultima azione</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="47"/>
        <source>Belief P(ship)</source>
        <translation>Stima P(nave)</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="58"/>
        <source>Right flag</source>
        <translation>Bandierina giusta</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="58"/>
        <source>Wrong flag</source>
        <translation>Bandierina sbagliata</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="58"/>
        <source>Missed ship cell</source>
        <translation>Cella di nave non trovata</translation>
    </message>
    <message>
        <location filename="../../app/gui/legend.py" line="58"/>
        <source>Sunk ship (framed)</source>
        <translation>Nave affondata (riquadrata)</translation>
    </message>
</context>
<context>
    <name>LoadErrorBanner</name>
    <message>
        <location filename="../../app/gui/load_banner.py" line="46"/>
        <source>Show log</source>
        <translation>Mostra registro</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="47"/>
        <source>Open the Log tab: the CLIPS messages and the game, step by step</source>
        <translation>Apri la scheda Registro: i messaggi di CLIPS e la partita, passo per passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="86"/>
        <source>agent loaded with 1 error</source>
        <translation>agente caricato con 1 errore</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="86"/>
        <source>agent loaded with {0} errors</source>
        <translation>agente caricato con {0} errori</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="69"/>
        <source>fix the file and save it: the game starts over with it (or press {0}, Ctrl+R)</source>
        <translation>correggi il file e salvalo: la partita ricomincia con il file nuovo (oppure premi {0}, Ctrl+R)</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="71"/>
        <source>fix the file and press {0} (Ctrl+R)</source>
        <translation>correggi il file e premi {0} (Ctrl+R)</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="76"/>
        <source>{0} cannot be loaded: {1}.</source>
        <translation>{0} non si può caricare: {1}.</translation>
    </message>
    <message>
        <location filename="../../app/gui/load_banner.py" line="78"/>
        <source>{0}: {1}. It plays what loaded, as in the course&apos;s CLIPS; {2}.</source>
        <translation>{0}: {1}. Gioca con ciò che si è caricato, come nel CLIPS del corso; {2}.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/gui/main_tabs.py" line="173"/>
        <source>breakpoint: step {0} paused before {1}</source>
        <translation>punto di arresto: passo {0} fermo prima di {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="39"/>
        <source>Step rule</source>
        <translation>Passo regola</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="39"/>
        <source>Fire one rule of a CLIPS agent&apos;s turn: the turn pauses mid-way (see the Rules tab)</source>
        <translation>Esegui una sola regola del turno di un agente CLIPS: il turno si ferma a metà (vedi la scheda Regole)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="116"/>
        <source>Paused mid-turn before {0} (see the Rules tab).</source>
        <translation>In pausa a metà turno prima di {0} (vedi la scheda Regole).</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="102"/>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_tabs.py" line="141"/>
        <source>A CLIPS agent&apos;s rule firings of the step (in order, with the facts they matched), the agenda and focus stack after it, and each rule&apos;s count</source>
        <translation>Le regole eseguite da un agente CLIPS nel passo (in ordine, con i fatti che le hanno attivate), l'agenda e la pila del focus dopo il passo, e quante volte è scattata ogni regola</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="90"/>
        <source>warning: {0}: {1} (the course plays it as it is; so does the app)</source>
        <translation>avviso: {0}: {1} (il corso la gioca così com'è; anche l'app)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="90"/>
        <source>the map</source>
        <translation>la mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="106"/>
        <source>{0} not played: no fires left (the course&apos;s environment has no rule for it and would hang)</source>
        <translation>{0} non giocato: non restano spari (l'ambiente del corso non ha una regola per farlo e si bloccherebbe)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="106"/>
        <source>{0} not played: no flags left (the course&apos;s environment has no rule for it and would hang)</source>
        <translation>{0} non giocato: non restano bandierine (l'ambiente del corso non ha una regola per farlo e si bloccherebbe)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="40"/>
        <source>1 warning</source>
        <translation>1 avviso</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="40"/>
        <source>{0} warnings</source>
        <translation>{0} avvisi</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="59"/>
        <source>Battleship Lab</source>
        <translation>Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="98"/>
        <source>Controls</source>
        <translation>Comandi</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="35"/>
        <source>Load Map…</source>
        <translation>Carica mappa…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="37"/>
        <source>Load a map: native .map, course .clp or a Bimaru puzzle (Ctrl+O)</source>
        <translation>Carica una mappa: .map nativa, .clp del corso o un puzzle Bimaru (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="100"/>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="39"/>
        <source>Who plays: a shipped Python or CLIPS agent, you (Human), or an agent file</source>
        <translation>Chi gioca: un agente Python o CLIPS incluso, tu (Umano), o un file di agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="60"/>
        <source>The rules profile: how the game is scored and what a fire on water tells</source>
        <translation>Il profilo di regole: come si calcola il punteggio e che cosa rivela uno sparo in acqua</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="35"/>
        <source>Run</source>
        <translation>Avvia</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="35"/>
        <source>Play on by itself</source>
        <translation>Gioca da solo fino alla fine</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="37"/>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="37"/>
        <source>Carry out one step</source>
        <translation>Esegui un passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="54"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="54"/>
        <source>Pause after the current step</source>
        <translation>Fermati dopo il passo in corso</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="56"/>
        <source>Reset</source>
        <translation>Ricomincia</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="59"/>
        <source>Solve</source>
        <translation>Risolvi</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="59"/>
        <source>End your game and score it</source>
        <translation>Termina la partita e calcola il punteggio</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="33"/>
        <source>Compare…</source>
        <translation>Confronta…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="34"/>
        <source>Compare agents side by side, or in batch over maps</source>
        <translation>Confronta agenti affiancati, o in serie su più mappe</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="33"/>
        <source>No map loaded</source>
        <translation>Nessuna mappa caricata</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="34"/>
        <source>Load a map to start (Ctrl+O).</source>
        <translation>Carica una mappa per iniziare (Ctrl+O).</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="35"/>
        <source>Belief overlay</source>
        <translation>Mostra la stima</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="25"/>
        <source>Shade unknown cells by the agent&apos;s P(ship), when the agent has one (Ctrl+B)</source>
        <translation>Colora le celle sconosciute secondo la P(nave) dell'agente, se ne ha una (Ctrl+B)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="42"/>
        <source>&lt;b&gt;Your game.&lt;/b&gt; Left click fires · right click flags or unflags · arrows move the cursor, F or Space fires, G flags · Solve (Ctrl+Enter) ends the game.</source>
        <translation>&lt;b&gt;Gioca tu.&lt;/b&gt; Clic sinistro spara · clic destro mette o toglie una bandierina · le frecce muovono il cursore, F o Spazio sparano, G mette una bandierina · Risolvi (Ctrl+Invio) termina la partita.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="36"/>
        <source>Log</source>
        <translation>Registro</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="37"/>
        <source>One line per step, what the agent printed, and errors</source>
        <translation>Una riga per passo, quello che l'agente ha stampato, e gli errori</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_tabs.py" line="89"/>
        <source>Facts</source>
        <translation>Fatti</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_tabs.py" line="90"/>
        <source>A CLIPS agent&apos;s working memory at the current step, the protocol&apos;s facts too</source>
        <translation>La memoria di lavoro di un agente CLIPS al passo corrente, con i fatti del protocollo</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="145"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="53"/>
        <source>Save Game Log…</source>
        <translation>Salva il registro della partita…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="53"/>
        <source>Save this game&apos;s steps as a JSON Lines log (replay it later)</source>
        <translation>Salva i passi di questa partita in un registro JSON Lines (per rivederla poi)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="47"/>
        <source>Open Replay…</source>
        <translation>Apri replay…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="47"/>
        <source>Open a game log and step through it</source>
        <translation>Apri un registro di partita e scorrilo passo per passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="50"/>
        <source>Map Editor…</source>
        <translation>Editor di mappe…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="50"/>
        <source>Draw a map, make it a puzzle, save it as .map, .clp or Bimaru</source>
        <translation>Disegna una mappa, rendila un puzzle, salvala come .map, .clp o Bimaru</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="86"/>
        <source>Agent Parameters…</source>
        <translation>Parametri dell'agente…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="90"/>
        <source>Run Agents Unconfined (No Sandbox)</source>
        <translation>Esegui gli agenti senza confinamento (niente sandbox)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="92"/>
        <source>Run agents inside the app&apos;s own process, as --no-sandbox does: for debugging the app only (a crashing or hostile agent then takes the app with it, and a loop inside one CLIPS rule stops only when the app is closed)</source>
        <translation>Esegue gli agenti nel processo dell'app, come --no-sandbox: solo per il debug dell'app (un agente che va in crash o ostile porta giù l'app con sé, e un ciclo dentro una regola CLIPS si ferma solo chiudendo l'app)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="250"/>
        <source>{0}. See docs/sandbox.md; File menu: Run Agents Unconfined.</source>
        <translation>{0}. Vedi docs/sandbox.md; menu File: Esegui gli agenti senza confinamento.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="86"/>
        <source>Settings for the agents, as with --agent-param (KEY=VALUE or AGENT:KEY=VALUE)</source>
        <translation>Impostazioni degli agenti, come con --agent-param (CHIAVE=VALORE o AGENTE:CHIAVE=VALORE)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="153"/>
        <source>Quit</source>
        <translation>Esci</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="153"/>
        <source>Close Battleship Lab</source>
        <translation>Chiudi Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_window.py" line="168"/>
        <source>More controls (the window is too narrow to show them all)</source>
        <translation>Altri comandi (la finestra è troppo stretta per mostrarli tutti)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="101"/>
        <source>&amp;Language</source>
        <translation>&amp;Lingua</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="108"/>
        <source>No game to save yet: play at least one step.</source>
        <translation>Ancora nessuna partita da salvare: gioca almeno un passo.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="122"/>
        <source>Could not save the log: {0}</source>
        <translation>Impossibile salvare il registro: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="124"/>
        <source>game log saved to {0}</source>
        <translation>registro della partita salvato in {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="124"/>
        <source>game log saved to {0} (the game is not over yet)</source>
        <translation>registro della partita salvato in {0} (la partita non è ancora finita)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="128"/>
        <source>the files the agent wrote saved in {0}</source>
        <translation>i file scritti dall'agente salvati in {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="57"/>
        <source>Could not list the agents: {0}</source>
        <translation>Impossibile elencare gli agenti: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="63"/>
        <source>Human  ·  you play</source>
        <translation>Umano  ·  giochi tu</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="72"/>
        <source>Open agent file…</source>
        <translation>Apri file di agente…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="127"/>
        <source>Cannot use agent &apos;{0}&apos;: {1}</source>
        <translation>Impossibile usare l'agente '{0}': {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="76"/>
        <source>Could not load the map: {0}</source>
        <translation>Impossibile caricare la mappa: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_files.py" line="98"/>
        <source>No recent maps</source>
        <translation>Nessuna mappa recente</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="141"/>
        <source>{0} takes (values of this game):</source>
        <translation>{0} accetta (valori di questa partita):</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="143"/>
        <source>An agent given a key it does not take lists the ones it takes when the game starts.</source>
        <translation>Un agente che riceve una chiave che non accetta elenca quelle che accetta all'inizio della partita.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="145"/>
        <source>Agent parameters</source>
        <translation>Parametri dell'agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="145"/>
        <source>Settings for the agents, as --agent-param takes them: KEY=VALUE for whichever agent plays,
AGENT:KEY=VALUE for one agent only ({0}); separated by spaces. Empty: none.</source>
        <translation>Impostazioni degli agenti, come le accetta --agent-param: KEY=VALUE per qualunque agente giochi,
AGENTE:KEY=VALUE per un solo agente ({0}); separate da spazi. Vuoto: nessuna.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="182"/>
        <source>Agent parameters not changed: {0}</source>
        <translation>Parametri dell'agente non cambiati: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="186"/>
        <source>agent parameters: {0} (from this game on)</source>
        <translation>parametri dell'agente: {0} (da questa partita in poi)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="186"/>
        <source>none</source>
        <translation>nessuno</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="85"/>
        <source>The agent could not start: {0}</source>
        <translation>L'agente non è partito: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="89"/>
        <source>— new game: {0} · {1} · {2} —</source>
        <translation>— nuova partita: {0} · {1} · {2} —</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="83"/>
        <source>Last action {0} {1}: {2}</source>
        <translation>Ultima azione {0} {1}: {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="96"/>
        <source>The agent failed: {0}. The game was solved as it stands.</source>
        <translation>L'agente si è fermato per errore: {0}. La partita è stata risolta così com'è.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="99"/>
        <source>result: score {0} (oracle {1}) after {2} steps; {3}</source>
        <translation>risultato: punteggio {0} (oracolo {1}) dopo {2} passi; {3}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="37"/>
        <source>standard fleet</source>
        <translation>flotta standard</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="37"/>
        <source>non-standard fleet {0}</source>
        <translation>flotta non standard {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="44"/>
        <source>1 cell known at start</source>
        <translation>1 cella nota all'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="44"/>
        <source>{0} cells known at start</source>
        <translation>{0} celle note all'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="99"/>
        <source>Fires left {0}</source>
        <translation>Spari rimasti {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="100"/>
        <source>Flags left {0}</source>
        <translation>Bandierine rimaste {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="106"/>
        <source>Load a map to start.</source>
        <translation>Carica una mappa per iniziare.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="108"/>
        <source>Pick an agent.</source>
        <translation>Scegli un agente.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="110"/>
        <source>Game over — press Reset to play again.</source>
        <translation>Partita finita — premi Ricomincia per giocare ancora.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="112"/>
        <source>Running…</source>
        <translation>In corso…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="114"/>
        <source>Your move.</source>
        <translation>Tocca a te.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="119"/>
        <source>Paused.</source>
        <translation>In pausa.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="121"/>
        <source>Ready — press Run or Step.</source>
        <translation>Pronto — premi Avvia o Passo.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="46"/>
        <source>oracle {0}</source>
        <translation>oracolo {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="87"/>
        <source>{0}  ·  missing</source>
        <translation>{0}  ·  mancante</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="111"/>
        <source>End this game?</source>
        <translation>Terminare questa partita?</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_agents.py" line="111"/>
        <source>A game is under way: another agent starts a new one. End it?</source>
        <translation>Una partita è in corso: un altro agente ne inizia una nuova. Terminarla?</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="96"/>
        <source>Steps {0}</source>
        <translation>Passi {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="97"/>
        <source>Steps played of the game&apos;s limit (the log numbers them from 0, as the exec facts do)</source>
        <translation>Passi giocati sul limite della partita (il registro li numera da 0, come i fatti exec)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="136"/>
        <source>Could not list what {0} takes: {1}</source>
        <translation>Impossibile elencare che cosa accetta {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="76"/>
        <source>Could not read the agent&apos;s belief: {0}</source>
        <translation>Impossibile leggere la stima dell'agente: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="114"/>
        <source>This cell was fired at already: another fire tells nothing new and costs a fire. Fire anyway?</source>
        <translation>Hai già sparato su questa cella: un altro sparo non dice nulla di nuovo e costa uno sparo. Sparare lo stesso?</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="126"/>
        <source>This cell is water: a flag on it is a wrong flag (gko) when the game is solved. Flag it anyway?</source>
        <translation>Questa cella è acqua: una bandierina qui è una bandierina sbagliata (gko) quando la partita è risolta. Metterla lo stesso?</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="142"/>
        <source>Refused: {0}</source>
        <translation>Rifiutato: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="144"/>
        <source>Your game</source>
        <translation>La tua partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_messages.py" line="29"/>
        <source>solved</source>
        <translation>risolta</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="81"/>
        <source>Game Limits…</source>
        <translation>Limiti della partita…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="81"/>
        <source>Fires, flags and steps a game allows (as run&apos;s --fires, --guesses, --max-steps)</source>
        <translation>Spari, bandierine e passi concessi in una partita (come --fires, --guesses, --max-steps di run)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="209"/>
        <source>Game limits not changed: {0}</source>
        <translation>Limiti della partita non cambiati: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="214"/>
        <source>limits: {0} fires, {1} flags, {2} steps (from this game on)</source>
        <translation>limiti: {0} spari, {1} bandierine, {2} passi (da questa partita in poi)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_status.py" line="123"/>
        <source>The agent did not load cleanly: see the red banner.</source>
        <translation>L'agente non si è caricato senza errori: vedi il riquadro rosso.</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_tabs.py" line="120"/>
        <source>Coach</source>
        <translation>Coach</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_tabs.py" line="121"/>
        <source>Once the game is over: each decision graded against bayes&apos;s play with the agent&apos;s information (open a saved log with Replay to step through it)</source>
        <translation>A partita finita: ogni decisione valutata rispetto al gioco di bayes con le informazioni dell'agente (apri un registro salvato con Replay per scorrerla)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="33"/>
        <source>agent in the app&apos;s own process, unconfined (--no-sandbox)</source>
        <translation>agente nel processo dell'app, senza confinamento (--no-sandbox)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="33"/>
        <source>agent in its own process, not confined</source>
        <translation>agente in un processo suo, non confinato</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="42"/>
        <source>agent confined ({0})</source>
        <translation>agente confinato ({0})</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="42"/>
        <source>agent confined</source>
        <translation>agente confinato</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_board.py" line="119"/>
        <source>This ship cell is known from the start: a fire there tells nothing new and costs a fire. Fire anyway?</source>
        <translation>Questa cella di nave è nota dall'inizio: uno sparo lì non dice niente di nuovo e costa uno sparo. Sparare comunque?</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="45"/>
        <source>Step back</source>
        <translation>Passo indietro</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="45"/>
        <source>Back to the start of the step (inside a turn: of this step): the game is played again from its start to there</source>
        <translation>Torna all'inizio del passo (dentro un turno: di questo passo): la partita viene rigiocata dall'inizio fin lì</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="49"/>
        <source>Rule back</source>
        <translation>Regola indietro</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="49"/>
        <source>Back one rule firing of a CLIPS agent&apos;s turn: the game is played again from its start to there (right-click a firing in the Rules tab to go back to it)</source>
        <translation>Torna indietro di un'attivazione di regola nel turno di un agente CLIPS: la partita viene rigiocata dall'inizio fin lì (clic destro su un'attivazione nella scheda Regole per tornare a essa)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="132"/>
        <source>— back to the start of step {0} —</source>
        <translation>— indietro all'inizio del passo {0} —</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="134"/>
        <source>— back to step {0}, after the first rule firing of its turn —</source>
        <translation>— indietro al passo {0}, dopo la prima attivazione di regola del suo turno —</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="137"/>
        <source>— back to step {0}, after {1} rule firings of its turn —</source>
        <translation>— indietro al passo {0}, dopo {1} attivazioni di regole del suo turno —</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="27"/>
        <source>Changes</source>
        <translation>Modifiche</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="28"/>
        <source>After a reload: the first step where the new code plays differently from the old (and the first rule firing that differs), both scores, and both games side by side</source>
        <translation>Dopo un ricaricamento: il primo passo in cui il codice nuovo gioca diversamente dal vecchio (e la prima regola eseguita che differisce), i due punteggi, e le due partite affiancate</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="51"/>
        <source>Side by side</source>
        <translation>Affiancate</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="52"/>
        <source>Both games on two boards, at the first step where they differ</source>
        <translation>Le due partite su due griglie, al primo passo in cui differiscono</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="102"/>
        <source>Save the agent&apos;s file (or press Reset) after a change: the game played before is kept here, and once the new one has played, this tab shows the first step where it plays differently, and both scores.</source>
        <translation>Salva il file dell'agente (o premi Ricomincia) dopo una modifica: la partita giocata prima resta qui e, quando la nuova ha giocato, questa scheda mostra il primo passo in cui gioca diversamente, e i due punteggi.</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="107"/>
        <source>Kept: the previous run of {0} ({1} steps, score {2}).</source>
        <translation>Conservata: la partita precedente su {0} ({1} passi, punteggio {2}).</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="110"/>
        <source>Play the new game (Run or Step): where it changes shows here.</source>
        <translation>Gioca la nuova partita (Avvia o Passo): qui compare dove cambia.</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="115"/>
        <source>Same actions throughout.</source>
        <translation>Le stesse azioni dall'inizio alla fine.</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="117"/>
        <source>First differing step: {0}</source>
        <translation>Primo passo diverso: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="118"/>
        <source>(game over)</source>
        <translation>(partita finita)</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="126"/>
        <source>old: {0}</source>
        <translation>vecchio: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="127"/>
        <source>new: {0}</source>
        <translation>nuovo: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="123"/>
        <source>Rule firings: the same throughout.</source>
        <translation>Regole eseguite: le stesse dall'inizio alla fine.</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="125"/>
        <source>First differing rule firing:</source>
        <translation>Prima regola eseguita diversa:</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="129"/>
        <source>Score: old {0}, new {1}, delta {2}</source>
        <translation>Punteggio: vecchio {0}, nuovo {1}, differenza {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="130"/>
        <source>Score: old {0}, new {1} so far (not over), delta {2}</source>
        <translation>Punteggio: vecchio {0}, nuovo {1} finora (non finita), differenza {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="137"/>
        <source>(no more firings)</source>
        <translation>(nessun'altra regola eseguita)</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="138"/>
        <source>{0}, firing {1} (step {2}, #{3} of the step)</source>
        <translation>{0}, esecuzione {1} (passo {2}, n. {3} del passo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/changes_panel.py" line="141"/>
        <source>matched {0}</source>
        <translation>corrispondente a {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="56"/>
        <source>Read the agent&apos;s files again and start this game over</source>
        <translation>Rileggi i file dell'agente e ricomincia questa partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_reload.py" line="62"/>
        <source>Reload on save</source>
        <translation>Ricarica al salvataggio</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_reload.py" line="64"/>
        <source>When you save a file of the agent in play (in any editor), the game starts over with the new code; Reset (Ctrl+R) reloads by hand</source>
        <translation>Quando salvi un file dell'agente in gioco (con qualsiasi editor), la partita ricomincia con il codice nuovo; Ricomincia (Ctrl+R) ricarica a mano</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_reload.py" line="133"/>
        <source>{0}: saved, reloaded</source>
        <translation>{0}: salvato, ricaricato</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="218"/>
        <source>CLIPS agents play against the course&apos;s {0} and {1} (from this game on)</source>
        <translation>gli agenti CLIPS giocano contro {0} e {1} del corso (da questa partita in poi)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="218"/>
        <source>CLIPS agents play against the app&apos;s own MAIN and ENV (from this game on)</source>
        <translation>gli agenti CLIPS giocano contro MAIN ed ENV dell'app (da questa partita in poi)</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_controls.py" line="99"/>
        <source>&amp;Game</source>
        <translation>&amp;Partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="109"/>
        <source>The interface language: switched at once, kept for the next start</source>
        <translation>La lingua dell'interfaccia: cambia subito e resta per il prossimo avvio</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_settings.py" line="258"/>
        <source>No {0} translation found ({1}): the interface stays as it is</source>
        <translation>Nessuna traduzione in {0} trovata ({1}): l'interfaccia resta com'è</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="53"/>
        <source>Submit to the Class Arena…</source>
        <translation>Invia all'arena della classe…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="53"/>
        <source>Send this agent to your class&apos;s arena, then follow its games, rank and verdict</source>
        <translation>Invia questo agente all'arena della tua classe, poi segui le sue partite, la posizione e il verdetto</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="57"/>
        <source>Class Arena Standings…</source>
        <translation>Classifica dell'arena della classe…</translation>
    </message>
    <message>
        <location filename="../../app/gui/main_companions.py" line="57"/>
        <source>The class arena&apos;s leaderboard</source>
        <translation>La classifica dell'arena della classe</translation>
    </message>
</context>
<context>
    <name>MapCanvas</name>
    <message>
        <location filename="../../app/gui/editor/canvas.py" line="59"/>
        <source>ship ({0})</source>
        <translation>nave ({0})</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/canvas.py" line="59"/>
        <source>water</source>
        <translation>acqua</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/canvas.py" line="61"/>
        <source>known at start</source>
        <translation>nota all'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/canvas.py" line="63"/>
        <source>concerned by a problem</source>
        <translation>coinvolta in un problema</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/canvas.py" line="64"/>
        <source>row {0}, column {1}</source>
        <translation>riga {0}, colonna {1}</translation>
    </message>
</context>
<context>
    <name>MapEditor</name>
    <message>
        <location filename="../../app/gui/editor/window.py" line="66"/>
        <source>Map editor — Battleship Lab</source>
        <translation>Editor di mappe — Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="79"/>
        <source>Editor</source>
        <translation>Editor</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="475"/>
        <source>New map</source>
        <translation>Nuova mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="122"/>
        <source>&lt;b&gt;Draw the fleet.&lt;/b&gt; Drag across cells to draw a ship · click a ship to remove it · right click (or K) marks a cell known at start · keyboard: arrows, Space/Enter to start and end a ship, Delete removes.</source>
        <translation>&lt;b&gt;Disegna la flotta.&lt;/b&gt; Trascina sulle celle per disegnare una nave · clic su una nave per toglierla · clic destro (o K) segna una cella nota all'inizio · tastiera: frecce, Spazio/Invio per iniziare e finire una nave, Canc toglie.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="147"/>
        <source>Map</source>
        <translation>Mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="152"/>
        <source>e.g. Harbour</source>
        <translation>es. Porto</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="153"/>
        <source>The map&apos;s name (saved in the native format&apos;s header)</source>
        <translation>Il nome della mappa (salvato nell'intestazione del formato nativo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="155"/>
        <source>you</source>
        <translation>tu</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="156"/>
        <source>Who made the map (native format header)</source>
        <translation>Chi ha fatto la mappa (intestazione del formato nativo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="158"/>
        <source>anything worth knowing about it</source>
        <translation>qualunque cosa utile da sapere</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="159"/>
        <source>Notes about the map (native format header)</source>
        <translation>Note sulla mappa (intestazione del formato nativo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="160"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="160"/>
        <source>Author</source>
        <translation>Autore</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="160"/>
        <source>Notes</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="175"/>
        <source>More controls (the window is too narrow to show them all)</source>
        <translation>Altri comandi (la finestra è troppo stretta per mostrarli tutti)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="186"/>
        <source>Refused: {0}</source>
        <translation>Rifiutato: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="507"/>
        <source>Not saved yet.</source>
        <translation>Non ancora salvata.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="299"/>
        <source>A random fleet, uniform over all legal placements.</source>
        <translation>Una flotta casuale, uniforme su tutti i piazzamenti validi.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="304"/>
        <source>Fix the problems first: {0}</source>
        <translation>Prima correggi i problemi: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="307"/>
        <source>The standard fleet is complete already.</source>
        <translation>La flotta standard è già completa.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="312"/>
        <source>Cannot fill the rest: {0}</source>
        <translation>Impossibile completare: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="314"/>
        <source>The missing ships were placed at random around yours.</source>
        <translation>Le navi mancanti sono state piazzate a caso intorno alle tue.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="322"/>
        <source>Not a valid map yet: {0}</source>
        <translation>Non è ancora una mappa valida: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="332"/>
        <source>1 cell marked known</source>
        <translation>1 cella segnata come nota</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="332"/>
        <source>{0} cells marked known</source>
        <translation>{0} celle segnate come note</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="333"/>
        <source>: the puzzle now has exactly one solution.</source>
        <translation>: ora il puzzle ha una sola soluzione.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="335"/>
        <source>The puzzle already has exactly one solution.</source>
        <translation>Il puzzle ha già una sola soluzione.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="381"/>
        <source>The puzzle has several solutions: the solver&apos;s first is shown. Make it a puzzle adds hints.</source>
        <translation>Il puzzle ha più soluzioni: è mostrata la prima del risolutore. Rendila un puzzle aggiunge indizi.</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="391"/>
        <source>Could not open the map: {0}</source>
        <translation>Impossibile aprire la mappa: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="394"/>
        <source>Opened {0}</source>
        <translation>Aperta {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="417"/>
        <source>Not saved: the map is not valid: {0}</source>
        <translation>Non salvata: la mappa non è valida: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="420"/>
        <source>Not saved: a Bimaru puzzle needs the standard fleet (this map has {0}).</source>
        <translation>Non salvata: un puzzle Bimaru richiede la flotta standard (questa mappa ha {0}).</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="420"/>
        <source>no ships</source>
        <translation>nessuna nave</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="426"/>
        <source>Not saved: {0}</source>
        <translation>Non salvata: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="434"/>
        <source>note: the puzzle has several solutions (Make it a puzzle fixes that)</source>
        <translation>nota: il puzzle ha più soluzioni (Rendila un puzzle lo sistema)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="435"/>
        <source>Saved {0} ({1})</source>
        <translation>Salvata {0} ({1})</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="451"/>
        <source>Cannot play it yet: {0}</source>
        <translation>Non si può ancora giocare: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="478"/>
        <source>Map editor — {0}[*] — Battleship Lab</source>
        <translation>Editor di mappe — {0}[*] — Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="489"/>
        <source>1 ship</source>
        <translation>1 nave</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="489"/>
        <source>{0} ships</source>
        <translation>{0} navi</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="490"/>
        <source>{0} known at start ({1} ship, {2} water)</source>
        <translation>{0} note all'inizio ({1} nave, {2} acqua)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="84"/>
        <source>New</source>
        <translation>Nuova</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="84"/>
        <source>Start an empty map</source>
        <translation>Inizia una mappa vuota</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="87"/>
        <source>Open…</source>
        <translation>Apri…</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="87"/>
        <source>Open a native .map, a course .clp or a Bimaru puzzle</source>
        <translation>Apri una .map nativa, una .clp del corso o un puzzle Bimaru</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="91"/>
        <source>Save</source>
        <translation>Salva</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="91"/>
        <source>Save the map to its file (atomically)</source>
        <translation>Salva la mappa nel suo file (in modo atomico)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="94"/>
        <source>Save As…</source>
        <translation>Salva come…</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="94"/>
        <source>Save as a native .map, a course .clp or a Bimaru puzzle .txt</source>
        <translation>Salva come .map nativa, .clp del corso o puzzle Bimaru .txt</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="99"/>
        <source>Random map</source>
        <translation>Mappa casuale</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="99"/>
        <source>Draw a whole new fleet at random (the map generator)</source>
        <translation>Disegna a caso una flotta completamente nuova (il generatore di mappe)</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="102"/>
        <source>Fill the rest</source>
        <translation>Completa</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="102"/>
        <source>Place the ships still missing at random around the ones drawn</source>
        <translation>Piazza a caso le navi mancanti intorno a quelle disegnate</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="106"/>
        <source>Make it a puzzle</source>
        <translation>Rendila un puzzle</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="106"/>
        <source>Mark cells known at start until the puzzle has exactly one solution</source>
        <translation>Segna celle note all'inizio finché il puzzle ha una sola soluzione</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="111"/>
        <source>Play this map</source>
        <translation>Gioca questa mappa</translation>
    </message>
    <message>
        <location filename="../../app/gui/editor/window.py" line="111"/>
        <source>Load this map in the main window and play it</source>
        <translation>Carica questa mappa nella finestra principale e giocala</translation>
    </message>
</context>
<context>
    <name>MarkerLayer</name>
    <message>
        <location filename="../../app/gui/marker_layer.py" line="23"/>
        <source>Show what the agent drew on the board: its own scores, heat map or labels per cell (CLIPS: board-marker facts; Python: markers())</source>
        <translation>Mostra ciò che l'agente ha disegnato sul tabellone: i suoi punteggi, la mappa di calore o le etichette per cella (CLIPS: fatti board-marker; Python: markers())</translation>
    </message>
    <message>
        <location filename="../../app/gui/marker_layer.py" line="75"/>
        <source>Agent&apos;s markers</source>
        <translation>Segni dell'agente</translation>
    </message>
</context>
<context>
    <name>ParamsForm</name>
    <message>
        <location filename="../../app/gui/params_form.py" line="78"/>
        <source>Agent parameters</source>
        <translation>Parametri dell'agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/params_form.py" line="80"/>
        <source>What {0} takes, with the values of this game:</source>
        <translation>Che cosa accetta {0}, con i valori di questa partita:</translation>
    </message>
    <message>
        <location filename="../../app/gui/params_form.py" line="84"/>
        <source>{0} (now {1})</source>
        <translation>{0} (ora {1})</translation>
    </message>
    <message>
        <location filename="../../app/gui/params_form.py" line="88"/>
        <source>AGENT:KEY=VALUE for another agent, separated by spaces</source>
        <translation>AGENTE:CHIAVE=VALORE per un altro agente, separati da spazi</translation>
    </message>
    <message>
        <location filename="../../app/gui/params_form.py" line="89"/>
        <source>Parameters for other agents, as --agent-param takes them</source>
        <translation>Parametri per altri agenti, come li accetta --agent-param</translation>
    </message>
    <message>
        <location filename="../../app/gui/params_form.py" line="90"/>
        <source>Other</source>
        <translation>Altri</translation>
    </message>
</context>
<context>
    <name>ReplayWindow</name>
    <message>
        <location filename="../../app/gui/replay_view.py" line="221"/>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="221"/>
        <source>A CLIPS agent's rule firings of the step shown, the agenda after it and each rule's count (in logs saved from traced games: run --trace … --log)</source>
        <translation>Le regole eseguite da un agente CLIPS nel passo mostrato, l'agenda dopo il passo e quante volte è scattata ogni regola (nei log salvati da partite tracciate: run --trace … --log)</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="117"/>
        <source>Replay — Battleship Lab</source>
        <translation>Replay — Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="125"/>
        <source>Replay</source>
        <translation>Replay</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="155"/>
        <source>Drag to any step of the game</source>
        <translation>Trascina a qualunque passo della partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="162"/>
        <source>The position shown: steps carried out so far, of the game&apos;s total</source>
        <translation>La posizione mostrata: passi eseguiti finora, sul totale della partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="169"/>
        <source>No replay open</source>
        <translation>Nessun replay aperto</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="169"/>
        <source>Open a game log (Ctrl+O).</source>
        <translation>Apri un registro di partita (Ctrl+O).</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="187"/>
        <source>Steps</source>
        <translation>Passi</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="192"/>
        <source>One line per step; pick a line to go to that step</source>
        <translation>Una riga per passo; scegli una riga per andare a quel passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="401"/>
        <source>What the agent said</source>
        <translation>Che cosa ha detto l'agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="209"/>
        <source>The agent&apos;s printouts (and why the game stopped) while it decided this step, as saved in the log</source>
        <translation>Le stampe dell'agente (e perché la partita si è fermata) mentre decideva questo passo, come salvate nel registro</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="232"/>
        <source>More controls (the window is too narrow to show them all)</source>
        <translation>Altri comandi (la finestra è troppo stretta per mostrarli tutti)</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="249"/>
        <source>Could not open the replay: {0}</source>
        <translation>Impossibile aprire il replay: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="260"/>
        <source>unknown agent</source>
        <translation>agente sconosciuto</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="261"/>
        <source>{0} · {1} · {2} steps · score {3} (oracle {4})</source>
        <translation>{0} · {1} · {2} passi · punteggio {3} (oracolo {4})</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="263"/>
        <source>Replay — {0} — Battleship Lab</source>
        <translation>Replay — {0} — Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="365"/>
        <source>Open a game log to replay it.</source>
        <translation>Apri un registro di partita per rivederla.</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="376"/>
        <source>Step {0} of {1}: the score if solved now would be {2}.</source>
        <translation>Passo {0} di {1}: il punteggio se risolta ora sarebbe {2}.</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="391"/>
        <source>{0} / {1} steps</source>
        <translation>{0} / {1} passi</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="391"/>
        <source>step {0}</source>
        <translation>passo {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="393"/>
        <source>fires left {0} · flags left {1}</source>
        <translation>spari rimasti {0} · bandierine rimaste {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="393"/>
        <source>solved</source>
        <translation>risolta</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="402"/>
        <source>Step forward: each step shows what the agent printed while deciding it.</source>
        <translation>Vai avanti: ogni passo mostra che cosa ha stampato l'agente mentre lo decideva.</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="406"/>
        <source>What the agent said for step {0} ({1})</source>
        <translation>Che cosa ha detto l'agente al passo {0} ({1})</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="411"/>
        <source>This log holds no printouts (saved without them, or the agent printed nothing).</source>
        <translation>Questo registro non contiene stampe (salvato senza, o l'agente non ha stampato nulla).</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="414"/>
        <source>(nothing printed for this step)</source>
        <translation>(niente stampato per questo passo)</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="426"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="426"/>
        <source>Play</source>
        <translation>Riproduci</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="130"/>
        <source>Open replay…</source>
        <translation>Apri replay…</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="130"/>
        <source>Open a game log (.jsonl)</source>
        <translation>Apri un registro di partita (.jsonl)</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="134"/>
        <source>Start</source>
        <translation>Inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="134"/>
        <source>Go to the start of the game</source>
        <translation>Vai all'inizio della partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="137"/>
        <source>◀ Back</source>
        <translation>◀ Indietro</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="137"/>
        <source>One step back</source>
        <translation>Un passo indietro</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="140"/>
        <source>Play the game forward, or pause</source>
        <translation>Riproduci la partita in avanti, o metti in pausa</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="145"/>
        <source>Forward ▶</source>
        <translation>Avanti ▶</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="145"/>
        <source>One step forward</source>
        <translation>Un passo avanti</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="148"/>
        <source>End</source>
        <translation>Fine</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="148"/>
        <source>Go to the solve and the score</source>
        <translation>Vai alla risoluzione e al punteggio</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="214"/>
        <source>Notes</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="214"/>
        <source>What the agent printed while deciding the step shown</source>
        <translation>Che cosa ha stampato l'agente mentre decideva il passo mostrato</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="218"/>
        <source>Coach</source>
        <translation>Coach</translation>
    </message>
    <message>
        <location filename="../../app/gui/replay_view.py" line="218"/>
        <source>Each decision graded against bayes&apos;s play with the agent&apos;s information</source>
        <translation>Ogni decisione valutata rispetto al gioco di bayes con le informazioni dell'agente</translation>
    </message>
</context>
<context>
    <name>ResultsFileField</name>
    <message>
        <location filename="../../app/gui/compare/batch_file.py" line="52"/>
        <source>new file in {0}</source>
        <translation>nuovo file in {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_file.py" line="53"/>
        <source>Where the games go as they finish (the file of bench --out F.jsonl). A file that holds games is continued: only the games not in it are played. Empty: a new file in {0}</source>
        <translation>Dove vanno le partite man mano che finiscono (il file di bench --out F.jsonl). Un file che contiene partite viene continuato: si giocano solo quelle che non contiene. Vuoto: un nuovo file in {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/batch_file.py" line="58"/>
        <source>Pick a results file to continue, or a new one</source>
        <translation>Scegli un file dei risultati da continuare, o uno nuovo</translation>
    </message>
</context>
<context>
    <name>RulesPanel</name>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="170"/>
        <source>Breakpoints</source>
        <translation>Arresti</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="170"/>
        <source>The rules the agent&apos;s turn pauses before (CLIPS&apos;s set-break)</source>
        <translation>Le regole prima delle quali il turno dell'agente si ferma (set-break di CLIPS)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="175"/>
        <source>Why not?</source>
        <translation>Perché no?</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="175"/>
        <source>Why didn&apos;t a rule fire? Pattern by pattern, what matches now</source>
        <translation>Perché una regola non è scattata? Pattern per pattern, che cosa corrisponde ora</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="325"/>
        <source>Fires next: the turn is paused just before it</source>
        <translation>Scatta per prima: il turno è fermo appena prima</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="363"/>
        <source>Step {0}, mid-turn: {1} rule firings so far, {2} facts changed so far.</source>
        <translation>Passo {0}, a metà turno: finora {1} regole eseguite, {2} fatti cambiati.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="365"/>
        <source>a breakpoint</source>
        <translation>un punto di arresto</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="365"/>
        <source>Step rule</source>
        <translation>Passo regola</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="366"/>
        <source>Paused before {0} ({1}): Step rule fires it; Step or Run finish the turn.</source>
        <translation>In pausa prima di {0} ({1}): Passo regola la esegue; Passo o Avvia finiscono il turno.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="310"/>
        <source>{0} activations waiting now (the first fires next)</source>
        <translation>{0} attivazioni in attesa ora (la prima è la prossima a scattare)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="396"/>
        <source>Remove the breakpoint on {0}</source>
        <translation>Togli il punto di arresto su {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="398"/>
        <source>Break before this rule ({0})</source>
        <translation>Fermati prima di questa regola ({0})</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="399"/>
        <source>Why didn&apos;t {0} fire?</source>
        <translation>Perché {0} non è scattata?</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="43"/>
        <source>All modules</source>
        <translation>Tutti i moduli</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="45"/>
        <source>No rule trace for this step: rule traces exist for CLIPS agents (and for logs saved from traced games, e.g. run --trace … --log).</source>
        <translation>Nessuna traccia delle regole per questo passo: le tracce esistono per gli agenti CLIPS (e per i registri salvati da partite tracciate, es. run --trace … --log).</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="111"/>
        <source>Show the firings of one module only</source>
        <translation>Mostra le attivazioni di un solo modulo</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="114"/>
        <source>filter rules…</source>
        <translation>filtra le regole…</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="116"/>
        <source>Show only the rules whose name contains this text</source>
        <translation>Mostra solo le regole il cui nome contiene questo testo</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="158"/>
        <source>module</source>
        <translation>modulo</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="158"/>
        <source>rule</source>
        <translation>regola</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="149"/>
        <source>sal.</source>
        <translation>sal.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="132"/>
        <source>facts matched</source>
        <translation>fatti corrispondenti</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="132"/>
        <source>Every rule the step fired, in firing order (as (watch rules) shows them); open one for the facts it matched. Pick one to ring its cells on the board and select its facts in the Facts tab</source>
        <translation>Ogni regola eseguita nel passo, in ordine (come le mostra (watch rules)); aprine una per i fatti a cui corrisponde. Sceglila per cerchiarne le celle sulla griglia e selezionarne i fatti nella scheda Fatti</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="153"/>
        <source>salience</source>
        <translation>salience</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="149"/>
        <source>facts</source>
        <translation>fatti</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="149"/>
        <source>The activations waiting after this step, in the order CLIPS would fire them (module by module, top of the focus stack first), as (agenda) lists them</source>
        <translation>Le attivazioni in attesa dopo questo passo, nell'ordine in cui CLIPS le eseguirebbe (modulo per modulo, dalla cima dello stack del focus), come le elenca (agenda)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="156"/>
        <source>Agenda</source>
        <translation>Agenda</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="156"/>
        <source>The focus stack and the activations waiting after the step shown</source>
        <translation>Lo stack del focus e le attivazioni in attesa dopo il passo mostrato</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="158"/>
        <source>fired</source>
        <translation>eseguita</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="158"/>
        <source>How often each rule fired in the game so far (0: never fired); click a header to sort</source>
        <translation>Quante volte ogni regola è stata eseguita finora nella partita (0: mai); clicca un'intestazione per ordinare</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="163"/>
        <source>How often each rule fired in the game so far; the rules that never fired too</source>
        <translation>Quante volte ogni regola è stata eseguita finora nella partita; anche quelle mai eseguite</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="286"/>
        <source> ({0} shown)</source>
        <translation> ({0} mostrate)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="287"/>
        <source>Step {0}: {1} rule firings{2}, {3} facts changed.</source>
        <translation>Passo {0}: {1} regole eseguite{2}, {3} fatti cambiati.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="296"/>
        <source>(a not pattern: no fact)</source>
        <translation>(un pattern not: nessun fatto)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="310"/>
        <source>{0} activations waiting after this step</source>
        <translation>{0} attivazioni in attesa dopo questo passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="313"/>
        <source>Focus stack (top first): {0} · {1}</source>
        <translation>Stack del focus (dalla cima): {0} · {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="313"/>
        <source>(empty)</source>
        <translation>(vuoto)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="347"/>
        <source>never fired in this game so far</source>
        <translation>mai eseguita finora in questa partita</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="44"/>
        <source>No step yet: once the agent plays, each step&apos;s rule firings show here.</source>
        <translation>Nessun passo ancora: quando l'agente gioca, qui compaiono le regole eseguite a ogni passo.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="179"/>
        <source>Why this shot?</source>
        <translation>Perché il colpo?</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="179"/>
        <source>The chain behind an action, a fact or a firing: which rule made each fact it rests on, from which facts, back to what the environment told the agent</source>
        <translation>La catena dietro un'azione, un fatto o una regola eseguita: quale regola ha prodotto ogni fatto su cui poggia, da quali fatti, fino a ciò che l'ambiente ha detto all'agente</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="299"/>
        <source>Double-click: why is this fact here?</source>
        <translation>Doppio clic: perché questo fatto è qui?</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="415"/>
        <source>Why is {0} here? (chain)</source>
        <translation>Perché {0} è qui? (catena)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="418"/>
        <source>Why did {0} fire? (chain)</source>
        <translation>Perché è scattata {0}? (catena)</translation>
    </message>
    <message>
        <location filename="../../app/gui/trace_link.py" line="90"/>
        <source>Why this shot? (step {0}, row {1}, column {2})</source>
        <translation>Perché questo colpo? (passo {0}, riga {1}, colonna {2})</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="426"/>
        <source>Back to just before firing #{0} (the game is played again to there)</source>
        <translation>Torna a subito prima dell'attivazione n. {0} (la partita viene rigiocata fin lì)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rules_panel.py" line="163"/>
        <source>Counts</source>
        <translation>Conteggi</translation>
    </message>
</context>
<context>
    <name>ScorePanel</name>
    <message>
        <location filename="../../app/gui/score_panel.py" line="32"/>
        <source>fires left</source>
        <translation>spari rimasti</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="33"/>
        <source>flags left</source>
        <translation>bandierine rimaste</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="75"/>
        <source>Score</source>
        <translation>Punteggio</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="126"/>
        <source>The score appears when the game is solved.</source>
        <translation>Il punteggio compare quando la partita è risolta.</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="150"/>
        <source>oracle {0}</source>
        <translation>oracolo {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="153"/>
        <source>{0}% of the oracle score</source>
        <translation>{0}% del punteggio dell'oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="153"/>
        <source>no oracle ratio</source>
        <translation>nessun rapporto con l'oracolo</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="158"/>
        <source>{0} pts</source>
        <translation>{0} punti</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="158"/>
        <source>not scored</source>
        <translation>non conta</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="163"/>
        <source>{0} of {1}</source>
        <translation>{0} su {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="164"/>
        <source>Precision &lt;b&gt;{0}&lt;/b&gt; &amp;nbsp; Recall &lt;b&gt;{1}&lt;/b&gt; &amp;nbsp; Found {2}&lt;br&gt;{3} steps · {4}</source>
        <translation>Precisione &lt;b&gt;{0}&lt;/b&gt; &amp;nbsp; Richiamo &lt;b&gt;{1}&lt;/b&gt; &amp;nbsp; Trovate {2}&lt;br&gt;{3} passi · {4}</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="170"/>
        <source>{0}: score = {1}</source>
        <translation>{0}: punteggio = {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>fok, fire ok: fired cells that hold a ship</source>
        <translation>fok, fuoco ok: celle sparate che contengono una nave</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>fko, fire ko: fired cells that hold water</source>
        <translation>fko, fuoco ko: celle sparate che contengono acqua</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>gok: flagged ship cells (right flags), leaving out cells fired and ship cells known from the start</source>
        <translation>gok: celle di nave con la bandierina (bandierine giuste), tolte le celle sparate e le celle di nave note dall'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>gko: flagged water cells (wrong flags), leaving out cells fired</source>
        <translation>gko: celle d'acqua con la bandierina (bandierine sbagliate), tolte le celle sparate</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>safe: ship cells never fired, never flagged and not known from the start (the ones missed)</source>
        <translation>safe: celle di nave mai sparate, senza bandierina e non note dall'inizio (quelle mancate)</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>sink: ships every cell of which was fired, flagged or known from the start</source>
        <translation>sink: navi di cui ogni cella è stata sparata, ha la bandierina o era nota dall'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>fires left: fires not used at the end</source>
        <translation>spari rimasti: spari non usati alla fine</translation>
    </message>
    <message>
        <location filename="../../app/gui/score_panel.py" line="18"/>
        <source>flags left: flags not used at the end</source>
        <translation>bandierine rimaste: bandierine non usate alla fine</translation>
    </message>
</context>
<context>
    <name>SideBySide</name>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="55"/>
        <source>Map…</source>
        <translation>Mappa…</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="57"/>
        <source>No map chosen</source>
        <translation>Nessuna mappa scelta</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="62"/>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="65"/>
        <source>Seed</source>
        <translation>Seme</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="281"/>
        <source>Start</source>
        <translation>Avvia</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="72"/>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="74"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="85"/>
        <source>Agents ({0} to {1})</source>
        <translation>Agenti (da {0} a {1})</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="108"/>
        <source>Results</source>
        <translation>Risultati</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="134"/>
        <source>Could not load the map: {0}</source>
        <translation>Impossibile caricare la mappa: {0}</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="168"/>
        <source>Tick {0} to {1} agents (now {2}).</source>
        <translation>Spunta da {0} a {1} agenti (ora {2}).</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="171"/>
        <source>Choose a map first.</source>
        <translation>Prima scegli una mappa.</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="224"/>
        <source>{0} steps</source>
        <translation>{0} passi</translation>
    </message>
    <message>
        <location filename="../../app/gui/compare/side_by_side.py" line="281"/>
        <source>Resume</source>
        <translation>Riprendi</translation>
    </message>
</context>
<context>
    <name>SpeedControl</name>
    <message>
        <location filename="../../app/gui/speed.py" line="53"/>
        <source>{0} steps/s</source>
        <translation>{0} passi/s</translation>
    </message>
    <message>
        <location filename="../../app/gui/speed.py" line="51"/>
        <source>fastest</source>
        <translation>massima</translation>
    </message>
    <message>
        <location filename="../../app/gui/speed.py" line="53"/>
        <source>{0} step/s</source>
        <translation>{0} passo/s</translation>
    </message>
    <message>
        <location filename="../../app/gui/speed.py" line="32"/>
        <source>Speed: from one step per second to as fast as it goes</source>
        <translation>Velocità: da un passo al secondo alla massima possibile</translation>
    </message>
</context>
<context>
    <name>TwoBoards</name>
    <message>
        <location filename="../../app/gui/two_boards.py" line="50"/>
        <source>{0}: old and new side by side — Battleship Lab</source>
        <translation>{0}: vecchio e nuovo affiancati — Battleship Lab</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="61"/>
        <source>old: {0} · score {1}</source>
        <translation>vecchio: {0} · punteggio {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="61"/>
        <source>new: {0} · score {1}</source>
        <translation>nuovo: {0} · punteggio {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="71"/>
        <source>◀ Back</source>
        <translation>◀ Indietro</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="73"/>
        <source>Forward ▶</source>
        <translation>Avanti ▶</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="91"/>
        <source>The two games took the same actions throughout.</source>
        <translation>Le due partite hanno fatto le stesse azioni dall'inizio alla fine.</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="93"/>
        <source>They part at step {0}: old {1}, new {2}.</source>
        <translation>Si separano al passo {0}: vecchio {1}, nuovo {2}.</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="93"/>
        <source>(game over)</source>
        <translation>(partita finita)</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="95"/>
        <source>Score: old {0}, new {1}, delta {2:+d}.</source>
        <translation>Punteggio: vecchio {0}, nuovo {1}, differenza {2:+d}.</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="109"/>
        <source>step {0}: {1}</source>
        <translation>passo {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="111"/>
        <source>the start</source>
        <translation>l'inizio</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="113"/>
        <source>game over</source>
        <translation>partita finita</translation>
    </message>
    <message>
        <location filename="../../app/gui/two_boards.py" line="117"/>
        <source>{0} / {1} steps</source>
        <translation>{0} / {1} passi</translation>
    </message>
</context>
<context>
    <name>WhyNotPanel</name>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="115"/>
        <source>Every rule of the agent (type to find one)</source>
        <translation>Tutte le regole dell'agente (scrivi per cercarne una)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="117"/>
        <source>Why didn&apos;t it fire?</source>
        <translation>Perché non è scattata?</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="118"/>
        <source>Show how many facts match each pattern of the rule now, and which combinations agree (CLIPS&apos;s (matches rule))</source>
        <translation>Mostra quanti fatti corrispondono ora a ogni pattern della regola, e quali combinazioni si accordano ((matches regola) di CLIPS)</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="128"/>
        <source>Pick a rule and press &quot;Why didn&apos;t it fire?&quot; (or right-click a rule in the lists). It works paused at any step, mid-turn too.</source>
        <translation>Scegli una regola e premi &quot;Perché non è scattata?&quot; (o clic destro su una regola negli elenchi). Funziona in pausa a ogni passo, anche a metà turno.</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="143"/>
        <source>Asking CLIPS about {0}…</source>
        <translation>Chiedo a CLIPS di {0}…</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="159"/>
        <source>No answer about {0}: {1}</source>
        <translation>Nessuna risposta su {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/gui/rule_debug.py" line="161"/>
        <source>The game is over: this is the answer as of its last step (CLIPS&apos;s status fact, now (currently stopped), is taken as running).</source>
        <translation>La partita è finita: questa è la risposta com'era al suo ultimo passo (il fatto status di CLIPS, ora (currently stopped), è preso come running).</translation>
    </message>
</context>
<context>
    <name>WhyTree</name>
    <message>
        <location filename="../../app/gui/why_tree.py" line="31"/>
        <source>This game's trace does not say which rule made each fact (a log saved before the app recorded it): no chains. Play the game again with the trace on (run --trace … --log, or in the app) for them.</source>
        <translation>La traccia di questa partita non dice quale regola ha prodotto ogni fatto (un log salvato prima che l'app lo registrasse): nessuna catena. Rigioca la partita con la traccia attiva (run --trace … --log, o nell'app) per averle.</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="34"/>
        <source>Ask &quot;why?&quot; of a shot, a fact or a firing: double-click (or right-click) a fired cell of the board, a fact of a firing listed above, or a fact in the Facts tab; right-click a firing for why it fired.</source>
        <translation>Chiedi &quot;perché?&quot; di un colpo, di un fatto o di una regola eseguita: doppio clic (o clic destro) su una cella colpita della griglia, su un fatto di una regola eseguita elencata sopra o su un fatto nella scheda Fatti; clic destro su una regola eseguita per sapere perché è scattata.</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="85"/>
        <source>Each fact under the firing that matched it, with the rule that asserted or last modified it then, down to the environment&apos;s facts (k-cells, counts, the results of fires). Click a firing to select it above and ring its cells on the board</source>
        <translation>Ogni fatto sotto la regola eseguita che lo ha usato, con la regola che allora lo aveva asserito o modificato per ultima, fino ai fatti dell'ambiente (k-cell, conteggi, esiti dei colpi). Fai clic su una regola eseguita per selezionarla sopra e cerchiarne le celle sulla griglia</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="118"/>
        <source>Why this shot? f-{0} {1}, the action of step {2}</source>
        <translation>Perché questo colpo? f-{0} {1}, l'azione del passo {2}</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="135"/>
        <source>Why is f-{0} {1} there? (after step {2})</source>
        <translation>Perché c'è f-{0} {1}? (dopo il passo {2})</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="142"/>
        <source>Why was f-{0} {1} there for step {2}, firing {3}?</source>
        <translation>Perché c'era f-{0} {1} al passo {2}, esecuzione {3}?</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="154"/>
        <source>Why did {0} fire? (step {1}, firing {2})</source>
        <translation>Perché è scattata {0}? (passo {1}, esecuzione {2})</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="191"/>
        <source>{0} (step {1}, firing {2})</source>
        <translation>{0} (passo {1}, esecuzione {2})</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="193"/>
        <source>: see above</source>
        <translation>: vedi sopra</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="196"/>
        <source>{0} (step {1}, firing {2}) matched {3}</source>
        <translation>{0} (passo {1}, esecuzione {2}) corrispondeva a {3}</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="201"/>
        <source>environment</source>
        <translation>ambiente</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="204"/>
        <source>The game told the agent this (k-cells, counts, status, moves, the result of a fire): where the chain ends</source>
        <translation>Lo ha detto il gioco all'agente (k-cell, conteggi, stato, mosse, l'esito di un colpo): qui finisce la catena</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="207"/>
        <source>initial fact</source>
        <translation>fatto iniziale</translation>
    </message>
    <message>
        <location filename="../../app/gui/why_tree.py" line="209"/>
        <source>One of the agent&apos;s own facts when the game began (its deffacts): where the chain ends</source>
        <translation>Uno dei fatti dell'agente all'inizio della partita (i suoi deffacts): qui finisce la catena</translation>
    </message>
</context>
</TS>
