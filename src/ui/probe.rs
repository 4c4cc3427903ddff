//! The state file for tests: with `NONET_STATE_FILE` set, every refresh writes what the window
//! shows (values, marks, selection, counters, message, board geometry, the Lab's last line…) as
//! one JSON object, so GUI tests can wait on it instead of sleeping. Without the variable nothing
//! is written.

use std::ffi::OsStr;

use gtk::prelude::*;

use super::controller::Controller;
use super::play::Play;

/// The environment variable naming the state file.
pub const STATE_FILE_ENV: &str = "NONET_STATE_FILE";

thread_local! {
    /// The stacks inside the About windows shown so far, by address (for the state file).
    static ABOUT_STACKS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes, for the state file only, the stacks inside an About window about to show, by address as
/// GTK's warnings name a widget: libadwaita 1.2's About window snapshots one of them before its
/// allocation as it slides between its pages, and random play passes that warning over about
/// those stacks, though the window may have closed by its next look (the last 256 are kept).
pub fn note_about_window(about: &adw::AboutWindow) {
    if std::env::var_os(STATE_FILE_ENV).is_none() {
        return;
    }
    ABOUT_STACKS.with(|kept| {
        let mut kept = kept.borrow_mut();
        kept.extend(addresses_within(about.upcast_ref(), |widget| widget.is::<gtk::Stack>()));
        let over = kept.len().saturating_sub(256);
        kept.drain(..over);
    });
}

/// A widget's address as GTK's warnings print it ("0x55…").
pub(super) fn address(widget: &gtk::Widget) -> String {
    format!("{:p}", widget.as_ptr())
}

/// The addresses, as GTK's warnings print them, of `widget` and every widget inside it that
/// `keep` accepts (nested ones too), in tree order: how the state file names the widgets a
/// test may hear GTK warn about.
pub(super) fn addresses_within(widget: &gtk::Widget, keep: impl Fn(&gtk::Widget) -> bool + Copy) -> Vec<String> {
    fn walk(widget: &gtk::Widget, keep: impl Fn(&gtk::Widget) -> bool + Copy, found: &mut Vec<String>) {
        if keep(widget) {
            found.push(address(widget));
        }
        let mut child = widget.first_child();
        while let Some(inner) = child {
            walk(&inner, keep, found);
            child = inner.next_sibling();
        }
    }
    let mut found = Vec::new();
    walk(widget, keep, &mut found);
    found
}

impl Controller {
    pub(super) fn write_probe(&self, path: &OsStr, play: &Play, now: u64) {
        let game = &play.game;
        let path = path.to_os_string();
        let line = crate::engine::grid::digits_to_line;
        let entry =
            self.entry.borrow().as_ref().map(
                |e| serde_json::json!({ "values": line(&e.values), "selected": e.selected, "status": super::entry::status(e) }),
            );
        let lab = self.lab.borrow().as_ref().map(|lab| serde_json::json!({
                "running": lab.is_running(),
                "open": lab.panel.is_visible(),
                "width": self.lab_width(),
                // Where the handle between board and panel is, in window coordinates.
                "handle": self.split.compute_point(&self.window, &gtk::graphene::Point::new(self.split.position() as f32, 0.0))
                    .map(|p| [p.x(), p.y()]),
                "last": lab.last_output.borrow().clone(),
                "script": lab.script(),
                // The middle of the script editor, in window coordinates.
                "editor": lab.view.compute_point(&self.window, &gtk::graphene::Point::new(lab.view.width() as f32 / 2.0, lab.view.height() as f32 / 2.0))
                    .map(|p| [p.x(), p.y()]),
                // Whether the editor holds a line wider than itself (scrolled sideways to read).
                "editor_overflows": lab.view.hadjustment().is_some_and(|a| a.upper() > a.page_size() + 1.0),
                "output": lab.output_text(),
                "output_placeholder": lab.output_placeholder_shown(),
                // How tall the editor's and the output's panes are.
                "panes": lab.pane_heights(),
                "scheme": lab.style_scheme_id(),
                "language": lab.language_id(),
                "text_view_parts": lab.text_view_parts(),
            }));
        // Whether an app action is enabled (its buttons and keys work).
        let enabled = |name: &str| {
            self.window
                .application()
                .and_then(|app| app.lookup_action(name))
                .map(|a| a.is_enabled())
        };
        let state = serde_json::json!({
            "givens": line(game.givens()),
            "values": line(game.values()),
            "shown": line(&play.shown_values()),
            "marks": (0..81).map(|c| game.marks(c).to_string()).collect::<Vec<_>>(),
            "selected": play.selected,
            "pencil": play.pencil,
            // What the header's pencil button shows (the action's state).
            "pencil_button": self.window.application().and_then(|app| app.lookup_action("pencil")).and_then(|a| a.state()).and_then(|v| v.get::<bool>()),
            "mistakes": game.mistakes(),
            // The number picker while it is open: "marks" or "digit", and the toggles that are down.
            "picker": self.picker.borrow().as_ref().and_then(|p| p.showing()),
            "digits_left": self.digit_pad.borrow().as_ref().map(|pad| pad.remaining()),
            "mistakes_shown": self.mistakes.parent().is_some_and(|counter| counter.is_visible()),
            "hints_used": game.hints_used(),
            "hint_enabled": enabled("hint"),
            "undo_enabled": enabled("undo"),
            "copy_enabled": enabled("copy-puzzle"),
            // The puzzle being entered on the board, and what its bar says.
            "hint_stage": play.hint.as_ref().map(|h| h.stage),
            "solution_shown": play.solution_shown(),
            "animating": play.animation.is_some(),
            "paused": play.paused,
            // The header's subtitle: the level (or the technique practised), and the clock unless
            // hidden.
            "subtitle": self.title.subtitle().to_string(),
            "title": self.title.title().to_string(),
            // In a narrow window the status line under the header shows level, clock and counters.
            "narrow": self.window.is_narrow().then(|| self.window.parts().narrow_status.label().to_string()),
            "window_width": self.window.width(),
            "fullscreen": self.window.is_fullscreen(),
            "leave_fullscreen_shown": self.window.parts().leave_fullscreen.is_visible(),
            "window_active": self.window.is_active(),
            "app_active": super::controller::app_active(),
            "elapsed_ms": game.clock.elapsed_ms(now),
            "status": format!("{:?}", game.status()),
            "level": play.level.id(),
            // The score of the game on the board (null while a hard puzzle is still being rated).
            "score": self.started_game.borrow().as_ref().and_then(|g| g.score),
            "message": self.message.text().to_string(),
            // The whole message while it is open, and where the line is (to click it).
            "message_whole": self.whole_message_shown(),
            "message_at": self.message_on_surface(),
            "refusal": self.last_refusal.borrow().clone(),
            "can_undo": game.can_undo(),
            "can_redo": game.can_redo(),
            "timing": self.timing.borrow().to_json(),
            "board": self.board_on_surface(),
            "history": self.history.borrow().clone(),
            "lab": lab,
        });
        let mut state = state;
        // A stateful app action's number (the highlighted digit's, the colour in hand's).
        let chosen = |name: &str| {
            self.window
                .application()
                .and_then(|app| app.lookup_action(name))
                .and_then(|a| a.state())
                .and_then(|v| v.get::<i32>())
        };
        state["next_in_file_enabled"] = serde_json::json!(enabled("next-in-file"));
        // Whether the pause page covers the board.
        state["pause_page"] = serde_json::json!(self.pause_page.is_visible());
        // The title's tooltip: a practice's whole name, a daily puzzle's day.
        state["title_tooltip"] = serde_json::json!(self.title.tooltip_text().map(String::from));
        // Whether the subtitle's level or technique is cut short, and whether its clock is in
        // view whole.
        state["subtitle_shown"] = serde_json::json!(self.title.shown());
        for (key, action) in [
            ("pencil_enabled", "pencil"),
            ("pause_enabled", "pause"),
            ("show_solution_enabled", "show-solution"),
        ] {
            state[key] = serde_json::json!(enabled(action));
        }
        // The game's commands, by action name.
        state["enabled"] = super::entry::GAME_ACTIONS
            .into_iter()
            .map(|action| (action.to_string(), serde_json::json!(enabled(action))))
            .collect::<serde_json::Map<_, _>>()
            .into();
        state["hints_shown"] = serde_json::json!(self.hints.parent().is_some_and(|counter| counter.is_visible()));
        // The puzzles last handed to a print dialog: each one's caption, and the layout.
        state["booklet"] = serde_json::json!(self.last_booklet.borrow().as_ref().map(|b| serde_json::json!({
            "captions": b.puzzles.iter().map(|p| p.caption.clone()).collect::<Vec<_>>(),
            "per_page": b.per_page,
            "solutions": b.solutions,
            "pages": b.page_count(),
        })));
        // The digit highlighted everywhere, as the board, the action's state and the pad show it.
        state["highlighted_digit"] = serde_json::json!(play.highlighted_digit);
        state["highlight_action"] = serde_json::json!(chosen("highlight-digit"));
        state["highlight_pad"] = serde_json::json!(self.digit_pad.borrow().as_ref().and_then(|pad| pad.highlighted()));
        // Colouring: the colour in hand as the game, the `colour` action and the digit pad have
        // it, and each cell's colours ([`Paint`](crate::engine::game::Paint)'s packed word).
        state["colouring"] = serde_json::json!(play.colouring);
        state["colour_action"] = serde_json::json!(chosen("colour"));
        state["colour_pad"] = serde_json::json!(self.digit_pad.borrow().as_ref().map(|p| p.colouring()));
        state["pad_tooltip"] = serde_json::json!(self.digit_pad.borrow().as_ref().and_then(|p| p.tooltip()));
        state["paints"] = serde_json::json!((0..81).map(|c| game.paint(c).bits()).collect::<Vec<_>>());
        state["pad_at"] = serde_json::json!(self.digit_pad.borrow().as_ref().map(|pad| pad.centres(&self.window)));
        state["pad_bounds"] = serde_json::json!(self.digit_pad.borrow().as_ref().map(|pad| pad.bounds(&self.window)));
        // The toasts on show, each as [x, y, width, height] in the window's coordinates.
        state["toasts_at"] = serde_json::json!(self.toasts_on_show());
        // Their titles, in the same order, and whether each is cut short (ellipsized).
        let titles: Vec<_> = super::toast_widgets(&self.toasts).iter().map(toast_title).collect();
        state["toast_titles"] = serde_json::json!(titles.iter().map(|t| t.as_ref().map(|t| &t.0)).collect::<Vec<_>>());
        state["toast_titles_cut"] =
            serde_json::json!(titles.iter().map(|t| t.as_ref().map(|t| t.1)).collect::<Vec<_>>());
        // The widgets of closed windows still alive on their own ("window: type", how many; none
        // once they are freed).
        state["closed_alive"] = serde_json::json!(super::closed_windows::alive());
        // The style the board is drawn in.
        let style = adw::StyleManager::default();
        state["style"] = serde_json::json!({"dark": style.is_dark(), "high_contrast": style.is_high_contrast()});
        // The daily puzzles' calendar while open: the day chosen and the days marked solved in
        // its month.
        state["daily_calendar"] = serde_json::json!(super::daily_calendar::probe());
        // The technique of the hint on show (its id).
        state["hint_technique"] = serde_json::json!(play.hint.as_ref().map(|h| h.step.technique.id()));
        // The technique practised, until a step of it is done on the board (its id).
        state["practising"] = serde_json::json!(play.practice.as_ref().map(|goal| goal.technique.id()));
        // Whether the game had help that gives digits away.
        state["helped"] = serde_json::json!(game.helped());
        // The Solution Path window while open: the steps it lists and the hardest technique (null
        // while worked out), and the step whose board is shown beside the list.
        state["solution_path"] = steps_json(&self.path_shown.borrow());
        // The All Steps window while open, alike.
        state["all_steps"] = steps_json(&self.all_steps_shown.borrow());
        // The cells ringed as the hint's proof (from stage 2).
        state["hint_proof"] = serde_json::json!(play.hint.as_ref().filter(|h| h.stage >= 2).map(|h| {
            let cells = h.step.highlights.cells.iter();
            cells
                .filter(|m| m.role == crate::engine::logic::Role::Pattern)
                .map(|m| m.cell)
                .collect::<Vec<_>>()
        }));
        // The pointer's shape over the message line, and whether the line has a tooltip.
        let cursor = self.message.cursor().or_else(|| self.message_scroller.cursor());
        state["message_cursor"] = serde_json::json!(cursor.and_then(|c| c.name()).map(|n| n.to_string()));
        state["message_tooltip"] = serde_json::json!(self.message.has_tooltip());
        // What the tooltip shows (the whole message over a line cut short, else nothing).
        state["message_tooltip_text"] = serde_json::json!(self.message_tooltip());
        // The stacks of the About windows shown so far (see `note_about_window`).
        state["about_stacks"] = serde_json::json!(ABOUT_STACKS.with(|kept| kept.borrow().clone()));
        // Where the message shows, [top, bottom] in surface pixels, and whether any of it is out
        // of sight (cut short, or scrolled past).
        state["message_box"] = serde_json::json!(self.message_box_on_surface());
        state["message_cut"] = serde_json::json!(self.message_cut());
        // The message's link to the help (a hint's technique): its address and where its middle
        // shows, in surface pixels.
        state["message_link"] = serde_json::json!(self.message_link_on_surface());
        // The links drawn for the hint (from stage 2): [from cell, to cell, strong, from digit,
        // to digit].
        state["hint_links"] = serde_json::json!(play.hint.as_ref().filter(|h| h.stage >= 2).map(|h| {
            let links = h.step.highlights.links.iter();
            links
                .map(|l| serde_json::json!([l.from.cell, l.to.cell, l.strong, l.from.digit, l.to.digit]))
                .collect::<Vec<_>>()
        }));
        // The mark a hint called ruled out, and the cell holding its digit: [cell, digit, by].
        state["told_ruled_out"] = serde_json::json!(play.told_ruled_out());
        // Cells whose digit a hint called wrong.
        state["told_wrong"] = serde_json::json!((0..81).filter(|&c| play.is_told_wrong(c)).collect::<Vec<_>>());
        // Strict mode: strikes so far, and the refused digit flashing ([cell, digit]).
        state["strikes"] = serde_json::json!(game.strikes());
        state["strike_flash"] = serde_json::json!(play.strike_flash);
        // The puzzle being entered on the board, and what its bar says.
        state["entry"] = serde_json::json!(entry);
        // Off the main thread, written aside and renamed: a reader never sees half a file.
        super::file_saver::save(
            path.into(),
            state.to_string().into_bytes(),
            super::file_saver::Access::Default,
            None,
        );
    }

    /// The bounds of the toasts on show.
    fn toasts_on_show(&self) -> Vec<[f32; 4]> {
        super::toast_widgets(&self.toasts)
            .iter()
            .filter_map(|widget| widget.compute_bounds(&self.window))
            .map(|r| [r.x(), r.y(), r.width(), r.height()])
            .collect()
    }
}

/// A toast's title: the text of its label styled as a heading, and whether it is cut short.
fn toast_title(toast: &gtk::Widget) -> Option<(String, bool)> {
    let mut title = None;
    super::walk::<gtk::Label>(toast, &mut |label| {
        if label.has_css_class("heading") {
            title = Some((label.text().to_string(), label.layout().is_ellipsized()));
        }
        title.is_none()
    });
    title
}

/// A step-list window while open: the steps it lists and the hardest technique (null while
/// worked out), the choice of techniques offered above the list, the technique the list is
/// narrowed to (null: none) and the rows it shows, and the step whose board is shown beside the
/// list: its number, technique, and the board's digits (81, 0 for empty) and each cell's pencil
/// marks, and its explanation.
fn steps_json(shown: &Option<super::step_list::StepsShown>) -> serde_json::Value {
    serde_json::json!(shown.as_ref().filter(|p| p.is_open()).map(|p| {
        let shown = p.shown().map(|(step, technique, values, marks)| {
            serde_json::json!({
                "step": step,
                "technique": technique.id(),
                "values": values.iter().map(|d| char::from(b'0' + d)).collect::<String>(),
                "marks": marks.iter().map(|m| m.iter().map(|d| char::from(b'0' + d)).collect::<String>()).collect::<Vec<_>>(),
            })
        });
        serde_json::json!({
            "steps": p.steps(),
            "hardest": p.hardest().map(|t| t.id()),
            "technique_shown": p.technique_shown().map(|t| t.id()),
            "technique_choices": p.technique_choices(),
            "rows": p.rows_shown(),
            "shown": shown,
            // The explanation under the board: [text, cut off, scrolls, its link to the help].
            "explanation": p.explanation(),
        })
    }))
}
