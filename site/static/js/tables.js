// A game's table in the browser: one module per game (site/static/js/games/<game>.js), named by the game's
// registry entry (GameType.table_module), used alike by the game page (game.js) and the guided deals in
// lessons (guided.js). The pages know no game: they draw the players, the hand and the log, and lend the
// table what it needs; the table builds its board and controls and turns clicks and keys into one action.
//
// An action is what the engine's state lists in `actions` (the game record's encoding of a move, such as
// {"play": "7D"}, {"pass": true} or {"draw": true}; the seat may be left out), sent back with `act`. A
// game whose turn is built in steps lists the legal next steps and the table sends one at a time.
//
// A table module exports createTable(parts, page), which returns the table:
//
// parts (where the table goes; the page made them):
//   board          an element to build the board into
//   players        the list of seats the page draws (each a .player.seat-N, drawn again at every move), for what
//                  the table shows by a seat
//   actions        the row of buttons: the table's controls go in before `before` (the page's own buttons:
//   before         Suggest on the game page, Start again in a lesson), and anything shown in their place
//                  (a choice to make) right after the row
//   id(name)       the id an element of the table gets: as named on the game page, which has one table;
//                  unique in a lesson, which may have several
//
// page (what the page lends the table):
//   state()        the engine's latest state
//   act(action)    sends one action: your move while the table waits for you, or an action the state
//                  lists while the computer players move (a call), where the page can interrupt them
//   interrupts()   whether the page can send an action while the computer players move
//   say(text)      the message line
//   redraw()       draws the table again (after a control changed the table's own choices)
//   advice()       the latest suggestion ({action, reason, text}), until the next move
//   keyboard()     whether keys are likely (a fine pointer that hovers)
//   focusCard(code) moves the focus to a card of the hand
//
// the table:
//   draw(state, {yours, marks, hints})  the board and the controls; *yours*: the table waits for you and no
//                  request is under way; *marks*: the places a card fits are marked; *hints*: the learner
//                  has the cards that fit marked (so a prompt may say that nothing fits)
//   play(card)     a card of the hand (from the state) is played: Play, Enter, a double click, a lesson's click
//   suggested(advice)  the advice came: returns the code of the card it plays (selected and marked), or null
//   status(state)  the status line while the table waits for you (game page)
//   prompt(state, hints)  what is announced when it comes to you (game page)
//   arrived(state, hints) it has just come to you: focus a control or say what to do (game page)
//   guide(state, marks)  the status line of a lesson's guided deal on your turn; *marks*: the stage marks the
//                  cards that fit (without them it must not say what fits, nor that nothing does)
//   key(event)     a key pressed on the page: true if the table took it
//   reset()        a new deal: forget the table's own choices
//   steps          true for a game whose turn is built in steps (a card, then the next…, then the table's own
//                  Play ends the turn): on the game page a press on a card of the hand plays it at once (a
//                  card that does not fit says why), and the page's Play button, which plays a selected card,
//                  is hidden. Without it a press selects the card, and Play, Enter or a double click plays it.

// The table module at *path* (relative to this file, as the registry names it): its createTable.
export async function loadTable(path) {
  return (await import(`./${path}`)).createTable;
}
