//! Replaying a past game, read-only: the board at any move, stepped forward and back, scrubbed,
//! or played on a glib timeout; each move's time and what it did are shown. "Play This Puzzle
//! Again" starts a fresh game on the same puzzle; Delete Game asks, then takes the game out of
//! the history (any game but the one being played).

use std::cell::{Cell as StdCell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use adw::prelude::*;
use gtk::{gio, glib};

use super::board::{self, Layout};
use super::play::{titled_explanation, HintView, Play, Prefs};
use super::recorder;
use crate::engine::game::{format_duration, step_behind_last_move, Game, Move, MoveKind, Rules};
use crate::engine::grid::cell_name;
use crate::i18n::{count, fill, gettext};
use crate::store::{GameRecord, SavedMove, Store};

struct Replay {
    record: GameRecord,
    moves: Vec<SavedMove>,
    /// How many moves are applied (0 = the puzzle as given).
    index: StdCell<usize>,
    play: RefCell<Option<Play>>,
    timer: RefCell<Option<glib::SourceId>>,
}

impl Replay {
    /// Rebuilds the board after `index` moves.
    fn seek(&self, index: usize) -> Result<(), String> {
        let index = index.min(self.moves.len());
        let (Some(givens), Some(solution)) = (self.record.givens(), self.record.solution_grid()) else {
            return Err(gettext("the saved puzzle is unreadable"));
        };
        let entries: Vec<Move> = self.moves[..index].iter().map(|m| m.entry.clone()).collect();
        let game = Game::replay(givens, solution, Rules::default(), &entries).map_err(|e| e.to_string())?;
        let mut play = Play::new(game, self.record.level, Prefs::default());
        play.selected = entries.last().and_then(|m| m.cell);
        self.play.replace(Some(play));
        self.index.set(index);
        Ok(())
    }

    /// The journal up to the move shown, when that move asked for a hint or applied a step
    /// named by its technique (the moves whose step [`show_step`] finds again).
    fn moves_to_step(&self) -> Option<Vec<Move>> {
        let index = self.index.get();
        let last = &self.moves[..index].last()?.entry;
        let stepped = matches!(last.kind, MoveKind::HintTaken | MoveKind::Step | MoveKind::ScriptStep);
        (stepped && last.technique.is_some()).then(|| self.moves[..index].iter().map(|m| m.entry.clone()).collect())
    }

    /// Whether Play From Here has a board to play on from: one with moves behind it and cells
    /// still empty (or wrong).
    fn can_play_from_here(&self) -> bool {
        let unsolved = self
            .play
            .borrow()
            .as_ref()
            .is_some_and(|play| play.game.values() != play.game.solution());
        self.index.get() > 0 && unsolved
    }

    fn describe(&self) -> String {
        let index = self.index.get();
        let Some(saved) = index.checked_sub(1).and_then(|i| self.moves.get(i)) else {
            return count(
                self.moves.len() as u32,
                "The puzzle as given · {n} move",
                "The puzzle as given · {n} moves",
            );
        };
        let entry = &saved.entry;
        let kind = move_kind_name(entry.kind);
        let technique = entry.technique.map(super::names::technique_name);
        let what = match (technique, entry.cell, entry.digit) {
            // A hint asked for names the step it pointed at (not a slip it pointed out).
            (Some(technique), ..) if entry.kind == MoveKind::HintTaken => {
                fill(&gettext("hint: {technique}"), &[("technique", &technique)])
            }
            // A solving step applied names its technique (games kept before they did: "step").
            (Some(technique), Some(cell), Some(digit)) => fill(
                &gettext("{technique}: {digit} in {cell}"),
                &[("technique", &technique), ("digit", &digit), ("cell", &cell_name(cell))],
            ),
            (Some(technique), ..) => fill(
                &gettext("{technique}: candidates removed"),
                &[("technique", &technique)],
            ),
            (None, Some(cell), Some(digit)) => fill(
                &gettext("{kind} {digit} in {cell}"),
                &[("kind", &kind), ("digit", &digit), ("cell", &cell_name(cell))],
            ),
            (None, Some(cell), None) => format!("{kind} {}", cell_name(cell)),
            (None, ..) => kind,
        };
        let template = if entry.mistake {
            gettext("Move {index} of {total} · {time} · {what} (a mistake)")
        } else {
            gettext("Move {index} of {total} · {time} · {what}")
        };
        fill(
            &template,
            &[
                ("index", &index),
                ("total", &self.moves.len()),
                ("time", &format_duration(saved.at_ms)),
                ("what", &what),
            ],
        )
    }
}

pub fn open(parent: &adw::Window, id: i64) {
    let path = recorder::database_path();
    let handle = gio::spawn_blocking(move || {
        let store = Store::open_read_only(&path).map_err(|e| e.to_string())?;
        store
            .game(id)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| fill(&gettext("game {id} is not in the history"), &[("id", &id)]))
    });
    let parent = parent.downgrade();
    glib::spawn_future_local(async move {
        let result = handle.await.unwrap_or_else(|_| Err(gettext("reading the game failed")));
        let Some(parent) = parent.upgrade() else {
            return;
        };
        match result {
            Ok((record, moves)) => build(&parent, record, moves),
            Err(error) => {
                super::tell(Some(&parent), &gettext("This Game Can't Be Replayed"), &error);
            }
        }
    });
}

fn build(parent: &adw::Window, record: GameRecord, moves: Vec<SavedMove>) {
    let total = moves.len();
    let replay = Rc::new(Replay {
        record,
        moves,
        index: StdCell::new(0),
        play: RefCell::new(None),
        timer: RefCell::new(None),
    });
    if let Err(error) = replay.seek(total) {
        super::tell(Some(parent), &gettext("This Game Can't Be Replayed"), &error);
        return;
    }
    let window = adw::Window::builder()
        .title(gettext("Replay"))
        .name(window_name(replay.record.id))
        .transient_for(parent)
        .modal(true)
        // Wide enough for the title beside Resume Game and Play This Puzzle Again.
        .default_width(600)
        .default_height(700)
        .build();
    // (A practice's puzzle comes back at its position, with its step to find.)
    let again = gtk::Button::builder()
        .label(match replay.record.practice {
            Some(_) => gettext("Practise This Again"),
            None => gettext("Play This Puzzle Again"),
        })
        .css_classes(["suggested-action"])
        .build();
    // (The game's heading is cut short beside two buttons: its tooltip holds it whole.)
    let heading = super::history::game_heading(&replay.record, &super::local_time(replay.record.started_at));
    let title = adw::WindowTitle::new(&gettext("Replay"), &heading);
    title.set_tooltip_text(Some(&heading));
    let header = adw::HeaderBar::builder().title_widget(&title).build();
    header.pack_end(&again);
    // A paused game can be taken up again where it was left.
    if replay.record.status == crate::store::GameStatus::Paused {
        again.remove_css_class("suggested-action");
        let resume = gtk::Button::builder()
            .label(gettext("Resume Game"))
            .css_classes(["suggested-action"])
            .build();
        header.pack_end(&resume);
        let id = replay.record.id;
        tell_game(&resume, "resume-game", &window, parent, move || id.to_variant());
    }

    let area = gtk::DrawingArea::builder()
        .hexpand(true)
        .vexpand(true)
        .margin_top(12)
        .margin_start(12)
        .margin_end(12)
        .build();
    let label = gtk::Label::builder().wrap(true).margin_top(6).build();
    // Under the caption, the explanation of the step a hint showed or a move applied, in a
    // place of its own two lines high, so that the board keeps its size from move to move (a
    // longer one, a forcing net's, scrolls).
    let explanation = gtk::Label::builder()
        .wrap(true)
        .xalign(0.0)
        .yalign(0.0)
        .margin_start(12)
        .margin_end(12)
        .css_classes(["dim-label"])
        .build();
    // (No stop of Tab inside: the scroller took one, unnamed and unmarked, and the label, not
    // focusable, then held the focus at the last button; the arrows and the slider move through
    // the game.)
    let step_text = gtk::ScrolledWindow::builder()
        .child(&explanation)
        .can_focus(false)
        .hscrollbar_policy(gtk::PolicyType::Never)
        .min_content_height(2 * super::line_height(&explanation))
        .margin_top(6)
        .build();
    let scale = gtk::Scale::with_range(gtk::Orientation::Horizontal, 0.0, total.max(1) as f64, 1.0);
    scale.set_hexpand(true);
    scale.set_value(total as f64);
    scale.set_sensitive(total > 0);
    // Translators: the name a screen reader gives the replay's slider, whose value is the move
    // the board shows.
    super::set_accessible(&scale, gtk::AccessibleProperty::Label, &gettext("Move"));
    // Ticks under the slider at the moves that were mistakes, to find them again.
    let mistakes: Vec<usize> = replay
        .moves
        .iter()
        .enumerate()
        .filter(|(_, saved)| saved.entry.mistake)
        .map(|(i, _)| i + 1)
        .collect();
    for &at in &mistakes {
        scale.add_mark(at as f64, gtk::PositionType::Bottom, None);
    }
    if !mistakes.is_empty() {
        let ticks = count(
            mistakes.len() as u32,
            "The tick under the slider marks your mistake",
            "The ticks under the slider mark your {n} mistakes",
        );
        scale.set_tooltip_text(Some(&ticks));
        super::set_accessible(&scale, gtk::AccessibleProperty::Description, &ticks);
    }
    let button = |icon: &str, tip: &str| {
        let button = gtk::Button::builder()
            .icon_name(icon)
            .tooltip_text(tip)
            .css_classes(["flat"])
            .build();
        super::set_accessible(&button, gtk::AccessibleProperty::Label, tip);
        button
    };
    let first = button("media-skip-backward-symbolic", &gettext("First Move"));
    let back = button("go-previous-symbolic", &gettext("Previous Move"));
    let playing = gtk::ToggleButton::builder()
        .icon_name("media-playback-start-symbolic")
        .tooltip_text(gettext("Play"))
        .css_classes(["flat"])
        .build();
    super::set_accessible(&playing, gtk::AccessibleProperty::Label, &gettext("Play"));
    let forward = button("go-next-symbolic", &gettext("Next Move"));
    let last = button("media-skip-forward-symbolic", &gettext("Last Move"));
    let controls = gtk::Box::builder()
        .spacing(6)
        .margin_start(12)
        .margin_end(12)
        .margin_bottom(12)
        .build();
    for widget in [
        first.upcast_ref::<gtk::Widget>(),
        back.upcast_ref(),
        playing.upcast_ref(),
        forward.upcast_ref(),
        last.upcast_ref(),
        scale.upcast_ref(),
    ] {
        controls.append(widget);
    }
    // To play on from the board shown (before a mistake, say): a new game taken up there.
    let from_here = gtk::Button::builder()
        .label(gettext("Play From Here"))
        .tooltip_text(gettext("A new game on this puzzle, from the board shown"))
        .build();
    from_here.set_sensitive(replay.can_play_from_here());
    controls.append(&from_here);
    {
        let replay = replay.clone();
        tell_game(&from_here, "play-from-move", &window, parent, move || {
            let moves = u32::try_from(replay.index.get()).unwrap_or(u32::MAX);
            (replay.record.id, moves).to_variant()
        });
    }
    // Last in the row, away from the header's answers. The game on the board is not the
    // history's to delete.
    if replay.record.status != crate::store::GameStatus::InProgress {
        let delete = button("user-trash-symbolic", &gettext("Delete Game"));
        controls.append(&delete);
        let id = replay.record.id;
        delete.connect_clicked(move |_| {
            super::activate_app_action("delete-game", Some(&id.to_variant()));
        });
    }
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&header);
    content.append(&area);
    content.append(&label);
    content.append(&step_text);
    content.append(&controls);
    window.set_content(Some(&content));

    {
        let replay = replay.clone();
        area.set_draw_func(move |area, cr, width, height| {
            let layout = Layout::fit(width as f64, height as f64);
            if let Some(play) = replay.play.borrow().as_ref() {
                let _ = board::draw(cr, layout, play, &board::palette(area));
            }
        });
    }
    label.set_label(&replay.describe());
    show_step(&replay, &area, &explanation);

    // Every control moves through the scale, so the board, label and scale agree.
    {
        let (replay, area, label) = (replay.clone(), area.clone(), label.clone());
        scale.connect_value_changed(move |scale| {
            let index = scale.value().round() as usize;
            if index != replay.index.get() {
                if let Err(error) = replay.seek(index) {
                    label.set_label(&error);
                    return;
                }
                show_step(&replay, &area, &explanation);
                from_here.set_sensitive(replay.can_play_from_here());
            }
            label.set_label(&replay.describe());
            area.queue_draw();
        });
    }
    let nudge = |target: Box<dyn Fn(usize) -> usize>| {
        let (replay, scale) = (replay.clone(), scale.clone());
        move |_: &gtk::Button| scale.set_value(target(replay.index.get()) as f64)
    };
    // The keys of a video player: Left and Right a move back and on, Home and End the ends
    // (before the focused control, which would move the focus instead).
    let keys = gtk::ShortcutController::new();
    for (trigger, button) in [("Left", &back), ("Right", &forward), ("Home", &first), ("End", &last)] {
        keys.add_shortcut(super::clicking(trigger, button));
    }
    keys.set_propagation_phase(gtk::PropagationPhase::Capture);
    window.add_controller(keys);
    first.connect_clicked(nudge(Box::new(|_| 0)));
    back.connect_clicked(nudge(Box::new(|i| i.saturating_sub(1))));
    forward.connect_clicked(nudge(Box::new(move |i| (i + 1).min(total))));
    last.connect_clicked(nudge(Box::new(move |_| total)));
    {
        let (replay, scale) = (replay.clone(), scale.clone());
        playing.connect_toggled(move |toggle| {
            if let Some(timer) = replay.timer.take() {
                timer.remove();
            }
            let (icon, name) = if toggle.is_active() {
                ("media-playback-pause-symbolic", gettext("Pause"))
            } else {
                ("media-playback-start-symbolic", gettext("Play"))
            };
            toggle.set_icon_name(icon);
            toggle.set_tooltip_text(Some(&name));
            super::set_accessible(toggle, gtk::AccessibleProperty::Label, &name);
            if !toggle.is_active() {
                return;
            }
            if replay.index.get() >= total {
                scale.set_value(0.0);
            }
            let (replay_tick, scale, toggle) = (Rc::downgrade(&replay), scale.clone(), toggle.downgrade());
            let timer = glib::timeout_add_local(Duration::from_millis(350), move || {
                let (Some(replay), Some(toggle)) = (replay_tick.upgrade(), toggle.upgrade()) else {
                    return glib::ControlFlow::Break;
                };
                let next = replay.index.get() + 1;
                if next > total {
                    replay.timer.take();
                    toggle.set_active(false);
                    return glib::ControlFlow::Break;
                }
                scale.set_value(next as f64);
                glib::ControlFlow::Continue
            });
            replay.timer.replace(Some(timer));
        });
    }
    let id = replay.record.id;
    tell_game(&again, "play-again", &window, parent, move || id.to_variant());
    {
        let replay = replay.clone();
        window.connect_close_request(move |_| {
            if let Some(timer) = replay.timer.take() {
                timer.remove();
            }
            glib::Propagation::Proceed
        });
    }
    super::close_on_escape(&window);
    window.present();
}

/// Shows the step behind the move on the board, as the hint's second stage showed it: the
/// pattern drawn, its explanation under the caption. The journal keeps only the step's technique,
/// so the step is found again (off the main thread: a forcing net's search takes a moment); the
/// board may have moved on meanwhile, and then it is not shown.
fn show_step(replay: &Rc<Replay>, area: &gtk::DrawingArea, explanation: &gtk::Label) {
    explanation.set_label("");
    let Some(moves) = replay.moves_to_step() else { return };
    let (Some(givens), Some(solution)) = (replay.record.givens(), replay.record.solution_grid()) else {
        return;
    };
    let index = replay.index.get();
    let found = gio::spawn_blocking(move || step_behind_last_move(givens, solution, Rules::default(), &moves));
    let replay = Rc::downgrade(replay);
    let (area, explanation) = (area.downgrade(), explanation.downgrade());
    glib::spawn_future_local(async move {
        let Ok(Ok(Some(step))) = found.await else { return };
        let (Some(replay), Some(area), Some(explanation)) = (replay.upgrade(), area.upgrade(), explanation.upgrade())
        else {
            return;
        };
        if replay.index.get() != index {
            return;
        }
        explanation.set_label(&titled_explanation(&step));
        if let Some(play) = replay.play.borrow_mut().as_mut() {
            play.hint = Some(HintView::whole(step));
        }
        area.queue_draw();
    });
}

/// What every replay window's name starts with (Clear History closes them all).
pub const WINDOW_PREFIX: &str = "replay-";

/// The replay window of game `id`, by name (a game deleted closes its replay).
pub fn window_name(id: i64) -> String {
    format!("{WINDOW_PREFIX}{id}")
}

/// A button that tells the game, through its action (as `gapplication action … ACTION` would),
/// what to do with this game of the history (`target`: the game's id, or the id and a move),
/// then closes the replay and the History window.
fn tell_game(
    button: &gtk::Button,
    action: &'static str,
    replay: &adw::Window,
    history: &adw::Window,
    target: impl Fn() -> glib::Variant + 'static,
) {
    let (replay, history) = (replay.downgrade(), history.downgrade());
    button.connect_clicked(move |_| {
        super::activate_app_action(action, Some(&target()));
        for window in [replay.upgrade(), history.upgrade()].into_iter().flatten() {
            window.close();
        }
    });
}

/// A move's kind as the replay names it.
fn move_kind_name(kind: MoveKind) -> String {
    match kind {
        MoveKind::Digit => gettext("digit"),
        MoveKind::Clear => gettext("clear"),
        MoveKind::MarkOn => gettext("mark on"),
        MoveKind::MarkOff => gettext("mark off"),
        MoveKind::FillCandidates => gettext("fill candidates"),
        MoveKind::ClearMarks => gettext("pencil marks cleared"),
        MoveKind::Step => gettext("step"),
        MoveKind::Reset => gettext("reset"),
        MoveKind::HintTaken => gettext("hint"),
        MoveKind::ScriptStep => gettext("script step"),
        MoveKind::Undo => gettext("undo"),
        MoveKind::Redo => gettext("redo"),
        MoveKind::ComputerSolve => gettext("computer solve"),
        MoveKind::SolutionShown => gettext("solution shown"),
        MoveKind::Strike => gettext("strike"),
        MoveKind::PositionTaken => gettext("position taken"),
        MoveKind::Colour => gettext("colour"),
        MoveKind::ClearColours => gettext("colours cleared"),
        MoveKind::CheckpointSet => gettext("checkpoint set"),
        MoveKind::BackToCheckpoint => gettext("back to checkpoint"),
    }
}
