//! The History window: past games (newest first, filtered by level and status) and statistics per
//! level with a chart of solve times drawn by cairo, and the techniques the hints taught. Queries
//! run off the main thread on a read-only connection, so the game keeps recording while the
//! window is open. Every matching game is listed: read from the store a page at a time, its row
//! made as the list's end comes near (see [`Shown`]). Opening a game replays it (see
//! `replay.rs`); a game deleted there (`app.delete-game`, asked first, done by the recorder,
//! which owns the writing connection) leaves the list and the statistics at once, and a toast in
//! the window says so; Clear History (`app.clear-history`) does the same for every game but the
//! one being played.

use std::collections::{HashSet, VecDeque};
use std::path::PathBuf;
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::{cairo, gio, glib};

use super::board::{self, Palette};
use super::controller::Controller;
use super::names::technique_name;
use super::recorder::Deleted;
use super::replay;
use crate::engine::daily;
use crate::engine::game::format_duration;
use crate::engine::logic::Level;
use crate::engine::practice;
use crate::i18n::{count, fill, gettext, n_, ngettext, number, pgettext};
use crate::store::{Deletion, Filter, GameRecord, GameStatus, LevelStats, SolveTime, Store, TechniqueHints};

/// Rows made at once: when the list is read, and each time its end comes within a page of the
/// view. (GTK lays out a row's text in some milliseconds: a thousand rows made at once held the
/// window still for seconds.)
const CHUNK: usize = 30;

/// Games read from the store at once beyond those given rows: the list reads the next ones as
/// its rows near the last read (reading 100,000 games at once took a quarter of a second).
const PAGE: usize = 200;

/// The level and status the list is filtered by.
type Filters = (Option<Level>, Option<GameStatus>);

/// The list's games: those with a row, in its order, and the next of those matching its
/// filters, read from the store a page at a time, whose rows are made as the player scrolls
/// towards the end.
#[derive(Default)]
pub struct Shown {
    /// The filters the rows are for (none before the list is first read).
    filters: Option<Filters>,
    rows: Vec<GameRecord>,
    rest: VecDeque<GameRecord>,
    /// Whether the store holds matching games past those read.
    more_in_store: bool,
    /// Counts the readings of the list: a page read for an earlier one is not wanted.
    reading: u64,
    /// Whether a page is being read.
    paging: bool,
    /// Whether the list's one row says that no game is there (or none matches).
    says_none: bool,
    /// Whether more rows are to be made in an idle moment.
    more_asked: bool,
    /// The history's database.
    path: PathBuf,
}

const STATUSES: [(Option<GameStatus>, &str); 8] = [
    (None, n_("Any Status")),
    (Some(GameStatus::Solved), n_("Solved")),
    (Some(GameStatus::SolvedWithHelp), n_("Solved with Help")),
    (Some(GameStatus::SolvedByComputer), n_("Solved by Computer")),
    (Some(GameStatus::Paused), n_("Paused")),
    (Some(GameStatus::Abandoned), n_("Abandoned")),
    (Some(GameStatus::Lost), n_("Lost")),
    (Some(GameStatus::InProgress), n_("In Progress")),
];

fn open_store(path: &std::path::Path) -> Result<Store, String> {
    Store::open_for_reading(path).map_err(|e| super::recorder::store_error_words(&e))
}

/// The window's widgets, from its template `resources/ui/history.ui`.
mod imp {
    use std::cell::RefCell;
    use std::rc::Rc;

    use adw::subclass::prelude::*;
    use gtk::glib;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/history.ui")]
    pub struct HistoryWindow {
        #[template_child]
        pub levels: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub statuses: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub count: TemplateChild<gtk::Label>,
        #[template_child]
        pub list: TemplateChild<gtk::ListBox>,
        #[template_child]
        pub games_scroller: TemplateChild<gtk::ScrolledWindow>,
        /// The games listed and those still to be given rows.
        pub shown: RefCell<super::Shown>,
        #[template_child]
        pub stats_box: TemplateChild<gtk::Box>,
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        /// Clear History, which has something to clear only past the game in progress.
        #[template_child]
        pub clear: TemplateChild<gtk::Button>,
        /// Export History… (`history_export.rs`).
        #[template_child]
        pub export: TemplateChild<gtk::Button>,
        /// Reads the games and statistics again (after a game is deleted).
        pub reload: RefCell<Option<Rc<dyn Fn()>>>,
        /// The deletions' toast, while it shows: what its Undo (and Ctrl+Z) undoes.
        pub undo: RefCell<Option<super::PendingUndo>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for HistoryWindow {
        const NAME: &'static str = "NonetHistoryWindow";
        type Type = super::HistoryWindow;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for HistoryWindow {}
    impl WidgetImpl for HistoryWindow {}
    impl WindowImpl for HistoryWindow {}
    impl AdwWindowImpl for HistoryWindow {}
}

glib::wrapper! {
    pub struct HistoryWindow(ObjectSubclass<imp::HistoryWindow>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// Opens the History window over `parent`; one already open reads its games and statistics
/// again and comes to the front (History asked for twice is one window).
pub fn show(parent: &impl IsA<gtk::Window>, path: PathBuf) {
    if let Some(open) = history_window() {
        reload(&open);
        open.present();
        return;
    }
    let history: HistoryWindow = glib::Object::builder().property("transient-for", parent).build();
    let parts = history.imp();
    parts.shown.borrow_mut().path = path.clone();
    let window: adw::Window = history.clone().upcast();
    let (levels, statuses, count, stats_box, clear) = (
        parts.levels.get(),
        parts.statuses.get(),
        parts.count.get(),
        parts.stats_box.get(),
        parts.clear.get(),
    );
    let names = STATUSES.map(|(_, name)| gettext(name));
    statuses.set_model(Some(&gtk::StringList::new(&names.each_ref().map(String::as_str))));
    super::name_drop_down(&levels, &gettext("Level"));
    super::name_drop_down(&statuses, &gettext("Status"));

    // (It holds the window's widgets weakly: the drop-downs' handlers hold it, and a drop-down
    // it held strongly would keep it, itself and the list with every row alive for good.)
    let reload = {
        let (count, levels, statuses, clear) = (
            count.downgrade(),
            levels.downgrade(),
            statuses.downgrade(),
            clear.downgrade(),
        );
        let history = history.downgrade();
        Rc::new(move || {
            let (Some(levels), Some(statuses), Some(window)) =
                (levels.upgrade(), statuses.upgrade(), history.upgrade())
            else {
                return;
            };
            let level = (levels.selected() as usize)
                .checked_sub(1)
                .and_then(|i| Level::ALL.get(i).copied());
            let status = STATUSES.get(statuses.selected() as usize).and_then(|(s, _)| *s);
            // As many games as have rows (the same filters), and a page more.
            let (path, shown) = {
                let shown = window.imp().shown.borrow();
                let rows = match shown.filters == Some((level, status)) {
                    true => shown.rows.len(),
                    false => 0,
                };
                (shown.path.clone(), rows)
            };
            let handle = gio::spawn_blocking(move || {
                let store = open_store(&path)?;
                let filter = Filter {
                    level,
                    status,
                    limit: Some(shown.max(CHUNK) + PAGE),
                    after: None,
                };
                let games = store.list(&filter).map_err(|e| e.to_string())?;
                let total = store.count().map_err(|e| e.to_string())?;
                let matching = match (level, status) {
                    (None, None) => total,
                    _ => store.count_matching(&filter).map_err(|e| e.to_string())?,
                };
                // (At most the game on the board is in progress: starting one sets the last aside.)
                let in_progress = store
                    .count_matching(&Filter {
                        status: Some(GameStatus::InProgress),
                        ..Filter::default()
                    })
                    .map_err(|e| e.to_string())?;
                Ok::<_, String>((games, matching, total, in_progress))
            });
            let (count, history, clear) = (count.clone(), history.clone(), clear.clone());
            glib::spawn_future_local(async move {
                let result = handle.await.unwrap_or_else(|_| Err("the query failed".into()));
                let (Some(count), Some(history), Some(clear)) = (count.upgrade(), history.upgrade(), clear.upgrade())
                else {
                    return;
                };
                match result {
                    Ok((games, matching, total, in_progress)) => {
                        clear.set_sensitive(total > in_progress);
                        count.set_label(&fill(
                            &ngettext("{n} of {total} game", "{n} of {total} games", total as u32),
                            &[("n", &number(matching)), ("total", &number(total))],
                        ));
                        show_games(&history, (level, status), games, matching, total);
                    }
                    Err(error) => {
                        clear_list(&history);
                        count.set_label(&fill(&gettext("History can't be read: {error}"), &[("error", &error)]))
                    }
                }
            });
        })
    };
    // Through the application's action, as a row's Delete is (an `action-name` of `app.…` finds
    // nothing here: this window is not the application's, so the button would stay dead).
    clear.connect_clicked(|_| {
        super::activate_app_action("clear-history", None);
    });
    parts.export.connect_clicked(|_| {
        super::activate_app_action("export-history", None);
    });
    for dropdown in [&levels, &statuses] {
        let reload = reload.clone();
        dropdown.connect_selected_notify(move |_| reload());
    }
    let adjustment = parts.games_scroller.vadjustment();
    // The focus moved to a row (Down, End, Page Down, Tab) scrolls it into view, the list's end
    // then near: so the keyboard, too, reaches the oldest game. (GTK 4.8's viewport, left to do
    // it, lost its place past a few hundred rows and showed the list's top; the list, given the
    // adjustment for Page Up and Down, scrolls as if the clamp had no margin above it.)
    parts.list.set_adjustment(Some(&adjustment));
    if let Some(viewport) = parts.games_scroller.child().and_downcast::<gtk::Viewport>() {
        viewport.set_scroll_to_focus(false);
        let (list, viewport) = (parts.list.downgrade(), viewport.downgrade());
        history.connect_focus_widget_notify(move |window| {
            let (Some(list), Some(viewport), Some(focus)) =
                (list.upgrade(), viewport.upgrade(), gtk::prelude::RootExt::focus(window))
            else {
                return;
            };
            if focus.is_ancestor(&list) {
                scroll_into_view(&viewport, &focus);
            }
        });
    }
    // The list's end near the view (scrolled to, or the window made taller): more rows.
    let near_end = {
        let history = history.downgrade();
        move |_: &gtk::Adjustment| {
            if let Some(history) = history.upgrade() {
                more_if_near_end(&history);
            }
        }
    };
    adjustment.connect_value_changed(near_end.clone());
    adjustment.connect_changed(near_end);
    reload();
    load_stats(&stats_box, path.clone());
    parts.reload.replace(Some(Rc::new(move || {
        reload();
        load_stats(&stats_box, path.clone());
    })));
    super::close_on_escape(&window);
    window.add_controller(undo_shortcut());
    window.present();
}

/// Lists `games` (the newest of the `matching` games that match `filters`, of `total` in the
/// history). Rows the list has for the same filters stay where they are (a game gone loses its
/// row, one come in gains one, one changed shows what it is now), so the player keeps their
/// place, and the focus goes from a game gone to the next; as many rows as it had are made, at
/// least [`CHUNK`], the rest as the list's end comes near. New filters list from the top.
fn show_games(history: &HistoryWindow, filters: Filters, games: Vec<GameRecord>, matching: u64, total: u64) {
    let parts = history.imp();
    let list = parts.list.get();
    let mut shown = parts.shown.borrow_mut();
    if shown.says_none || shown.filters != Some(filters) || games.is_empty() {
        drop(shown);
        clear_list(history);
        parts.games_scroller.vadjustment().set_value(0.0);
        shown = parts.shown.borrow_mut();
    }
    shown.filters = Some(filters);
    shown.reading += 1;
    shown.paging = false;
    shown.more_in_store = (games.len() as u64) < matching;
    if games.is_empty() {
        let empty = match total {
            0 => gettext("No games yet"),
            _ => gettext("No games match these filters"),
        };
        list.append(&adw::ActionRow::builder().title(empty).build());
        shown.says_none = true;
        return;
    }
    let focused = list
        .focus_child()
        .and_downcast::<gtk::ListBoxRow>()
        .map(|row| (row.index(), row));
    let mut games = games;
    let rest = games.split_off(shown.rows.len().max(CHUNK).min(games.len()));
    let ids: HashSet<i64> = games.iter().map(|game| game.id).collect();
    let rows = &mut shown.rows;
    let remove = |rows: &mut Vec<GameRecord>, at: usize| {
        if let Some(row) = list.row_at_index(at as i32) {
            list.remove(&row);
        }
        rows.remove(at);
    };
    // (Rows before `at` are those of the games before `game`, in order.)
    for (at, game) in games.into_iter().enumerate() {
        while rows.get(at).is_some_and(|row| !ids.contains(&row.id)) {
            remove(rows, at);
        }
        match rows.get(at) {
            Some(row) if *row == game => {}
            Some(row) if row.id == game.id => {
                if let Some(row) = list.row_at_index(at as i32).and_downcast::<adw::ActionRow>() {
                    show_game(&row, &game);
                }
                rows[at] = game;
            }
            _ => {
                let row = game_row(history);
                show_game(&row, &game);
                list.insert(&row, at as i32);
                rows.insert(at, game);
            }
        }
    }
    let listed = ids.len();
    while rows.len() > listed {
        remove(rows, listed);
    }
    shown.rest = rest.into();
    // (The list is let go first: the focus moved, the view may scroll, and more rows be asked
    // for.)
    drop(shown);
    if let Some((at, _)) = focused.filter(|(_, row)| row.parent().is_none()) {
        if let Some(row) = list.row_at_index(at.clamp(0, listed as i32 - 1)) {
            row.grab_focus();
        }
    }
}

/// Empties the list (its rows and the games still to be given rows).
fn clear_list(history: &HistoryWindow) {
    let parts = history.imp();
    let list = parts.list.get();
    while let Some(row) = list.first_child() {
        list.remove(&row);
    }
    let mut shown = parts.shown.borrow_mut();
    shown.rows.clear();
    shown.rest.clear();
    shown.more_in_store = false;
    shown.reading += 1;
    shown.paging = false;
    shown.says_none = false;
}

/// Has more rows made when the list's end is within a page of the view.
fn more_if_near_end(history: &HistoryWindow) {
    let adjustment = history.imp().games_scroller.vadjustment();
    if adjustment.value() + 2.0 * adjustment.page_size() >= adjustment.upper() {
        ask_for_more(history);
    }
}

/// With the list's end near the view: the next rows are made in an idle moment (not while GTK
/// lays out the window, when the adjustment tells of its new size).
fn ask_for_more(history: &HistoryWindow) {
    // (Asked while the list is being changed, say as a row taking the focus scrolls the view,
    // it looks again once that is done.)
    let Ok(mut shown) = history.imp().shown.try_borrow_mut() else {
        let history = history.downgrade();
        glib::idle_add_local_once(move || {
            if let Some(history) = history.upgrade() {
                more_if_near_end(&history);
            }
        });
        return;
    };
    if shown.more_asked || shown.rest.is_empty() {
        return;
    }
    shown.more_asked = true;
    let history = history.downgrade();
    glib::idle_add_local_once(move || {
        let Some(history) = history.upgrade() else { return };
        let parts = history.imp();
        let mut shown = parts.shown.borrow_mut();
        shown.more_asked = false;
        let more: Vec<GameRecord> = {
            let n = CHUNK.min(shown.rest.len());
            shown.rest.drain(..n).collect()
        };
        for game in more {
            let row = game_row(&history);
            show_game(&row, &game);
            parts.list.append(&row);
            shown.rows.push(game);
        }
        if shown.rest.len() < CHUNK && shown.more_in_store && !shown.paging {
            drop(shown);
            read_page(&history);
        }
    });
}

/// Reads the next page of the list's games from the store (off the main thread), after the
/// last read; then more rows are made if the list's end is near.
fn read_page(history: &HistoryWindow) {
    let parts = history.imp();
    let mut shown = parts.shown.borrow_mut();
    let (Some((level, status)), Some(last)) = (shown.filters, shown.rest.back().or(shown.rows.last())) else {
        return;
    };
    let filter = Filter {
        level,
        status,
        limit: Some(PAGE),
        after: Some((last.started_at, last.id)),
    };
    let (path, reading) = (shown.path.clone(), shown.reading);
    shown.paging = true;
    let handle = gio::spawn_blocking(move || open_store(&path)?.list(&filter).map_err(|e| e.to_string()));
    let history = history.downgrade();
    glib::spawn_future_local(async move {
        let page = handle.await.unwrap_or_else(|_| Err("the query failed".into()));
        let Some(history) = history.upgrade() else { return };
        {
            let mut shown = history.imp().shown.borrow_mut();
            if shown.reading != reading {
                return;
            }
            shown.paging = false;
            // (A page that can't be read ends the list where it is; reading it again, say
            // after the next game, starts from the top.)
            let page = page.unwrap_or_default();
            shown.more_in_store = page.len() == PAGE;
            shown.rest.extend(page);
        }
        more_if_near_end(&history);
    });
}

/// Scrolls `viewport` so that `widget` (inside it) is in view, with a little room around it.
fn scroll_into_view(viewport: &gtk::Viewport, widget: &gtk::Widget) {
    const ROOM: f64 = 6.0;
    let (Some(adjustment), Some(bounds)) = (viewport.vadjustment(), widget.compute_bounds(viewport)) else {
        return;
    };
    let (top, bottom) = (bounds.y() as f64, (bounds.y() + bounds.height()) as f64);
    let page = adjustment.page_size();
    if top < ROOM {
        adjustment.set_value(adjustment.value() + top - ROOM);
    } else if bottom > page - ROOM {
        adjustment.set_value(adjustment.value() + bottom - page + ROOM);
    }
}

/// What undoes a deletion.
type Undo = Rc<dyn Fn()>;

/// The toast of the deletions made while it shows (one toast for them all: "3 games deleted"),
/// how many games they deleted, and what undoes them all.
pub struct PendingUndo {
    toast: adw::Toast,
    games: u32,
    undo: Undo,
}

/// Ctrl+Z in the History window: the deletions of the toast showing are undone, as the toast's
/// Undo does (which a keyboard reaches only by tabbing to it).
fn undo_shortcut() -> gtk::ShortcutController {
    let shortcuts = gtk::ShortcutController::new();
    shortcuts.add_shortcut(gtk::Shortcut::new(
        gtk::ShortcutTrigger::parse_string("<Control>z"),
        Some(gtk::CallbackAction::new(|widget, _| {
            let pending = widget
                .downcast_ref::<HistoryWindow>()
                .and_then(|window| window.imp().undo.take());
            let Some(PendingUndo { toast, undo, .. }) = pending else {
                return glib::Propagation::Proceed;
            };
            super::dismiss_toast(&toast);
            undo();
            glib::Propagation::Stop
        })),
    ));
    shortcuts
}

/// A game's status as History lists it.
pub(super) fn status_name(status: GameStatus) -> String {
    match status {
        GameStatus::InProgress => gettext("In progress"),
        GameStatus::Solved => gettext("Solved"),
        GameStatus::SolvedWithHelp => gettext("Solved with help"),
        GameStatus::SolvedByComputer => gettext("Solved by the computer"),
        GameStatus::Paused => gettext("Paused: open it to resume"),
        GameStatus::Abandoned => gettext("Abandoned"),
        GameStatus::Lost => gettext("Lost: too many strikes"),
    }
}

/// A game as History and the replay name it: its level, what it practised (a practice game) or
/// the file it came from (an opened puzzle: "top1465.txt, puzzle 37"), then `then` (its status,
/// or when it was played).
pub(super) fn game_heading(game: &GameRecord, then: &str) -> String {
    let practice = game.practice.map(|technique| {
        fill(
            &gettext("Practice of {technique}"),
            &[("technique", &super::names::technique_name(technique))],
        )
    });
    let file = game.file.as_ref().map(|file| match file.number {
        Some(at) => fill(
            &gettext("{file}, puzzle {number}"),
            &[("file", &file.name), ("number", &number(at.into()))],
        ),
        None => file.name.clone(),
    });
    let daily = game
        .seed
        .and_then(daily::Day::of_seed)
        .map(|day| fill(&gettext("Daily Puzzle of {day}"), &[("day", &super::day_name(day))]));
    [
        Some(super::level_name(game.level)),
        practice,
        daily.filter(|_| game.practice.is_none()),
        file,
        Some(then.to_string()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ")
}

/// A row of the games list, its game shown by [`show_game`]: activated, it replays the game;
/// Delete asks to delete it, as the replay's Delete Game does (not the game on the board, which
/// the replay does not offer either). It finds its game by its place in the list, so a row
/// stays as its game changes (and the focus with it).
fn game_row(history: &HistoryWindow) -> adw::ActionRow {
    let row = adw::ActionRow::builder().activatable(true).build();
    row.add_suffix(&gtk::Image::from_icon_name("media-playback-start-symbolic"));
    row.set_tooltip_text(Some(&gettext("Replay this game")));
    let game_of = {
        let history = history.downgrade();
        move |row: &adw::ActionRow| {
            let history = history.upgrade()?;
            let game = history
                .imp()
                .shown
                .borrow()
                .rows
                .get(usize::try_from(row.index()).ok()?)?
                .clone();
            Some((history, game))
        }
    };
    let game = game_of.clone();
    row.connect_activated(move |row| {
        if let Some((history, game)) = game(row) {
            replay::open(history.upcast_ref(), game.id);
        }
    });
    let keys = gtk::EventControllerKey::new();
    keys.connect_key_pressed(move |keys, key, _, modifiers| {
        if key != gtk::gdk::Key::Delete || !modifiers.is_empty() {
            return glib::Propagation::Proceed;
        }
        let Some((_, game)) = keys.widget().and_downcast_ref().and_then(&game_of) else {
            return glib::Propagation::Proceed;
        };
        if game.status == GameStatus::InProgress {
            return glib::Propagation::Proceed;
        }
        super::activate_app_action("delete-game", Some(&game.id.to_variant()));
        glib::Propagation::Stop
    });
    row.add_controller(keys);
    row
}

/// Shows `game` on a row of the games list.
fn show_game(row: &adw::ActionRow, game: &GameRecord) {
    row.set_title(&game_heading(game, &status_name(game.status)));
    row.set_subtitle(&format!(
        "{} · {} · {} · {}",
        super::friendly_time(game.started_at),
        format_duration(game.elapsed_ms),
        count(game.mistakes, "{n} mistake", "{n} mistakes"),
        count(game.hints, "{n} hint", "{n} hints")
    ));
}

/// Fills the Statistics page (in place of what it showed).
fn load_stats(container: &gtk::Box, path: PathBuf) {
    let handle = gio::spawn_blocking(move || {
        let store = open_store(&path)?;
        let (stats, times) = store.stats_and_solve_times().map_err(|e| e.to_string())?;
        // (Here, off the main thread: over a long history the lines take a while.)
        let lines = trend_lines(&times);
        Ok::<_, String>((
            stats,
            (times, lines),
            store.hints_by_technique().map_err(|e| e.to_string())?,
            store.daily_days_solved().map_err(|e| e.to_string())?,
        ))
    });
    let container = container.clone();
    glib::spawn_future_local(async move {
        let result = handle.await.unwrap_or_else(|_| Err("the query failed".into()));
        while let Some(child) = container.first_child() {
            container.remove(&child);
        }
        match result {
            Ok((stats, (times, lines), hints, daily)) => {
                let group = adw::PreferencesGroup::builder()
                    .title(gettext("Solve Times"))
                    .description(match !lines.is_empty() {
                        true => gettext(
                            "Each dot is a game you solved, in the order played; each line, a level's median time over its latest games",
                        ),
                        false => gettext("Each dot is a game you solved, in the order played"),
                    })
                    .build();
                group.add(&gtk::Frame::builder().child(&solve_times(times, lines)).build());
                container.append(&group);
                // (Once one is solved: a streak goes on day after day.)
                let streaks = super::today().map(|today| daily::streaks(&daily, today));
                if let Some(streaks) = streaks.filter(|s| s.solved > 0) {
                    container.append(&daily_group(streaks));
                }
                // Levels never played have nothing to show (with none at all, the chart's line
                // says where the times will be).
                for level in stats.iter().filter(|s| s.played > 0) {
                    container.append(&level_group(level));
                }
                if !hints.is_empty() {
                    container.append(&hints_group(&hints));
                }
            }
            Err(error) => container.append(&gtk::Label::new(Some(&fill(
                &gettext("History can't be read: {error}"),
                &[("error", &error)],
            )))),
        }
    });
}

/// The chart of solve times, or with none yet a line saying where they will be (a label, which
/// wraps and is read by screen readers). The chart tells screen readers how many games it shows,
/// the best and latest times and, where a level has its line, its typical time now and at first.
fn solve_times(times: Vec<SolveTime>, lines: Vec<TrendLine>) -> gtk::Widget {
    let (Some(best), Some(latest)) = (times.iter().map(|t| t.elapsed_ms).min(), times.last()) else {
        return gtk::Label::builder()
            .label(gettext("Solve a puzzle and its time appears here."))
            .wrap(true)
            .justify(gtk::Justification::Center)
            .margin_top(48)
            .margin_bottom(48)
            .margin_start(12)
            .margin_end(12)
            .css_classes(["dim-label"])
            .build()
            .upcast();
    };
    let chart = gtk::DrawingArea::builder().height_request(220).hexpand(true).build();
    super::set_accessible(&chart, gtk::AccessibleProperty::Label, &gettext("Chart of solve times"));
    let solved = count(times.len() as u32, "{n} game solved", "{n} games solved");
    let summary = fill(
        &gettext("{solved}; the best in {best}, the latest in {latest}"),
        &[
            ("solved", &solved),
            ("best", &format_duration(best)),
            ("latest", &format_duration(latest.elapsed_ms)),
        ],
    );
    super::set_accessible(
        &chart,
        gtk::AccessibleProperty::Description,
        &std::iter::once(summary)
            .chain(trends_told(&lines))
            .collect::<Vec<_>>()
            .join(". "),
    );
    let times = Rc::new(times);
    chart.set_draw_func(move |area, cr, width, height| {
        let _ = draw_chart(cr, width as f64, height as f64, &times, &lines, &board::palette(area));
    });
    chart.upcast()
}

/// What the lines show a screen reader: each level's typical time now and at first (a line's
/// last and first points), as "Medium: typically 7:30, at first 12:05".
fn trends_told(lines: &[TrendLine]) -> Option<String> {
    let told: Vec<String> = lines
        .iter()
        .filter_map(|(level, points)| {
            let (first, now) = (points.first()?.1, points.last()?.1);
            Some(fill(
                // Translators: a level's line on the chart of solve times, read by screen
                // readers: the median time of its latest games, and of its first ones.
                &gettext("{level}: typically {now}, at first {first}"),
                &[
                    ("level", &super::level_name(*level)),
                    ("now", &format_duration(now)),
                    ("first", &format_duration(first)),
                ],
            ))
        })
        .collect();
    (!told.is_empty()).then(|| told.join("; "))
}

fn level_group(stats: &LevelStats) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder()
        .title(super::level_name(stats.level))
        .build();
    let time = |ms: Option<u64>| ms.map(format_duration).unwrap_or_else(|| "–".into());
    let lost = (stats.lost > 0).then(|| (gettext("Lost to Strikes"), number(stats.lost.into())));
    let solved = fill(
        // Translators: the games solved and the share of the games played they are, as in
        // "3,278 (88%)"; write the percent sign as your language does ("88 %" in French).
        &gettext("{solved} ({percent}%)"),
        &[
            ("solved", &number(stats.solved.into())),
            ("percent", &format!("{:.0}", stats.solve_rate * 100.0)),
        ],
    );
    for (index, (title, value)) in [
        (gettext("Played"), number(stats.played.into())),
        // (Counts of games: in French, say, plural where a game's status is singular.)
        (pgettext("games counted", "Solved"), solved),
        (
            pgettext("games counted", "Solved with Help"),
            number(stats.solved_with_help.into()),
        ),
    ]
    .into_iter()
    .chain(lost)
    .chain([
        (gettext("Best Time"), time(stats.best_ms)),
        (gettext("Median Time"), time(stats.median_ms)),
        (gettext("Average Time"), time(stats.mean_ms)),
        (gettext("Current Streak"), number(stats.current_streak.into())),
        (gettext("Best Streak"), number(stats.best_streak.into())),
    ])
    .enumerate()
    {
        let row = value_row(&title, &value);
        group.add(&row);
        // (The list shows more games than were played: paused ones are not counted yet.)
        if index == 0 {
            row.set_subtitle(&gettext("Paused games count once they end"));
        }
    }
    group
}

/// The daily puzzles solved: how many days', and the streaks of days in a row (each puzzle
/// solved on its day); its header's button opens their calendar.
fn daily_group(streaks: daily::Streaks) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder()
        .title(gettext("Daily Puzzles"))
        .description(gettext(
            "Solved without help; a streak counts the puzzles solved on their day",
        ))
        .build();
    let calendar = gtk::Button::builder()
        .icon_name("x-office-calendar-symbolic")
        .tooltip_text(gettext("Daily Puzzle Calendar"))
        .valign(gtk::Align::Center)
        .css_classes(["flat"])
        .build();
    super::set_accessible(
        &calendar,
        gtk::AccessibleProperty::Label,
        &gettext("Daily Puzzle Calendar"),
    );
    // (Over History, the window the player is in: Play closes it too.)
    calendar.connect_clicked(|_| super::activate_app_action("daily-calendar", None));
    group.set_header_suffix(Some(&calendar));
    let days = |n: u32| count(n, "{n} day", "{n} days");
    for (title, value) in [
        (gettext("Days Solved"), number(streaks.solved.into())),
        (gettext("Current Streak"), days(streaks.current)),
        (gettext("Best Streak"), days(streaks.best)),
    ] {
        group.add(&value_row(&title, &value));
    }
    group
}

/// A statistic's row: its name, and its value dimmed at the end.
fn value_row(title: &str, value: &str) -> adw::ActionRow {
    let row = adw::ActionRow::builder().title(title).build();
    row.add_suffix(&dimmed(value));
    row
}

/// A count or a value at a row's end, dimmed beside the row's title.
fn dimmed(text: &str) -> gtk::Label {
    gtk::Label::builder().label(text).css_classes(["dim-label"]).build()
}

/// The techniques the player's hints taught, the most asked first, each with how many hints, a
/// button to the help's section on it and, where it can be practised, a button that starts a
/// practice of it (closing History, as a game's Play Again does): what to practise to find such
/// steps alone.
fn hints_group(hints: &[TechniqueHints]) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder()
        .title(gettext("Hints by Technique"))
        .description(gettext(
            "What your hints taught, the most asked first: practise one to find it yourself next time",
        ))
        .build();
    for hint in hints {
        let name = technique_name(hint.technique);
        let row = adw::ActionRow::builder().title(name.as_str()).build();
        let asked = count(hint.hints, "{n} hint", "{n} hints");
        row.add_suffix(&dimmed(&asked));
        if practice::techniques().contains(&hint.technique) {
            let what = fill(&gettext("Practise {technique}"), &[("technique", &name)]);
            let practise = gtk::Button::builder()
                .label(gettext("Practise"))
                .valign(gtk::Align::Center)
                .tooltip_text(what.as_str())
                .build();
            super::set_accessible(&practise, gtk::AccessibleProperty::Label, &what);
            let id = hint.technique.id();
            practise.connect_clicked(move |button| {
                super::activate_app_action("practise-technique", Some(&id.to_variant()));
                if let Some(window) = button.root().and_downcast::<gtk::Window>() {
                    window.close();
                }
            });
            row.add_suffix(&practise);
        }
        // The help's section on the technique, as a hint's link opens it.
        let about = fill(&gettext("Help on {technique}"), &[("technique", &name)]);
        let help = gtk::Button::builder()
            .icon_name("help-about-symbolic")
            .valign(gtk::Align::Center)
            .tooltip_text(about.as_str())
            .css_classes(["flat"])
            .build();
        super::set_accessible(&help, gtk::AccessibleProperty::Label, &about);
        let page = super::message::technique_page(hint.technique);
        help.connect_clicked(move |_| super::activate_app_action("help-page", Some(&page.to_variant())));
        row.add_suffix(&help);
        group.add(&row);
    }
    group
}

/// The chart's time axis for times up to `max_ms`: a round step (15 s, 30 s, 1, 2, 5, 10, 15, 30
/// minutes, 1, 2, 5, 10… hours) and how many steps (at most four) reach past the longest time.
/// Times beyond 20,000 hours (a damaged history) stay at the top of the axis.
fn chart_ticks(max_ms: u64) -> (u64, u64) {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const STEPS: [u64; 17] = [
        15_000,
        30_000,
        MINUTE,
        2 * MINUTE,
        5 * MINUTE,
        10 * MINUTE,
        15 * MINUTE,
        30 * MINUTE,
        HOUR,
        2 * HOUR,
        5 * HOUR,
        10 * HOUR,
        20 * HOUR,
        50 * HOUR,
        100 * HOUR,
        1000 * HOUR,
        5000 * HOUR,
    ];
    let max_ms = max_ms.min(20_000 * HOUR);
    let step = STEPS
        .into_iter()
        .find(|&step| max_ms.div_ceil(step) <= 4)
        .unwrap_or(5000 * HOUR);
    (step, max_ms.div_ceil(step).max(1))
}

/// A tick of the time axis: "30 s", "2 min", "1 h 30", "5 h".
fn tick_label(ms: u64) -> String {
    let seconds = ms / 1000;
    match (seconds / 3600, seconds / 60 % 60, seconds % 60) {
        (0, 0, 0) => "0".to_string(),
        (0, 0, s) => format!("{s} s"),
        (0, m, 0) => format!("{m} min"),
        (0, m, s) => format!("{m}:{s:02}"),
        (h, 0, _) => format!("{h} h"),
        (h, m, _) => format!("{h} h {m}"),
    }
}

/// Solve times (up) against games in the order played (across), one colour a level.
/// The fewest of a level's latest games its line on the chart takes the median of.
const TREND_GAMES: usize = 10;

/// Over a long history a level's line takes the median of this share of its games (a
/// fortieth) at each point, more than [`TREND_GAMES`]: so that the line, hundreds of games to
/// an inch, shows the trend and not the games' scatter.
const TREND_SHARE: usize = 40;

/// The most points a line has besides its first: more than the chart's width in pixels holds,
/// so that a long history's lines cost no more than a short one's.
const TREND_POINTS: usize = 600;

/// A level's line on the chart: the level, and its points, each at one of its games (its place
/// among all) with the median of the level's games up to it.
type TrendLine = (Level, Vec<(usize, u64)>);

/// The chart's lines, one for each level with more than [`TREND_GAMES`] games solved (a line
/// of one point would be a dot): the median of its last [`TREND_GAMES`] games at each, or of
/// more over a long history ([`TREND_SHARE`]); at most [`TREND_POINTS`] points, evenly spread
/// and ending at its latest game.
fn trend_lines(times: &[SolveTime]) -> Vec<TrendLine> {
    let mut lines = Vec::new();
    for &level in Level::ALL.iter() {
        let (at, ms): (Vec<usize>, Vec<u64>) = times
            .iter()
            .enumerate()
            .filter(|(_, time)| time.level == level)
            .map(|(i, time)| (i, time.elapsed_ms))
            .unzip();
        let window = (ms.len() / TREND_SHARE).max(TREND_GAMES);
        if ms.len() <= window {
            continue;
        }
        // The games whose median a point shows (the last of each window), every `stride`th
        // back from the latest, and the first window's: the line starts at the level's first
        // typical time.
        let stride = (ms.len() - window + 1).div_ceil(TREND_POINTS);
        let mut ends: Vec<usize> = (window - 1..ms.len()).rev().step_by(stride).collect();
        if ends.last() != Some(&(window - 1)) {
            ends.push(window - 1);
        }
        ends.reverse();
        let line = ends
            .into_iter()
            .map(|end| (at[end], lower_median(&ms[end + 1 - window..=end])))
            .collect();
        lines.push((level, line));
    }
    lines
}

/// The median of `times`, the lower of the middle two of an even count (0 for none): what is
/// typical of them, one quick or slow game moving it little.
fn lower_median(times: &[u64]) -> u64 {
    if times.is_empty() {
        return 0;
    }
    let mut times = times.to_vec();
    let middle = (times.len() - 1) / 2;
    *times.select_nth_unstable(middle).1
}

fn draw_chart(
    cr: &cairo::Context,
    width: f64,
    height: f64,
    times: &[SolveTime],
    lines: &[TrendLine],
    palette: &Palette,
) -> Result<(), cairo::Error> {
    board::set_color(cr, &palette.paper);
    cr.paint()?;
    let (left, right, top, bottom) = (44.0, 12.0, 12.0, 28.0);
    let (w, h) = (width - left - right, height - top - bottom);
    board::set_color(cr, &palette.grey(0.6));
    cr.set_font_size(11.0);
    if times.is_empty() {
        return Ok(()); // (shown as a label instead)
    }
    let (tick_ms, ticks) = chart_ticks(times.iter().map(|t| t.elapsed_ms).max().unwrap_or(0));
    let top_ms = (tick_ms * ticks) as f64;
    // Axes and labels.
    cr.set_line_width(1.0);
    board::set_color(cr, &palette.grey(0.3));
    for i in 0..=ticks {
        let y = top + h - h * i as f64 / ticks as f64;
        cr.move_to(left, y.round() + 0.5);
        cr.line_to(left + w, y.round() + 0.5);
    }
    cr.stroke()?;
    board::set_color(cr, &palette.grey(0.7));
    for i in 0..=ticks {
        let y = top + h - h * i as f64 / ticks as f64;
        cr.move_to(4.0, y + 4.0);
        cr.show_text(&tick_label(tick_ms * i))?;
    }
    cr.move_to(left, height - 8.0);
    cr.show_text(&count(times.len() as u32, "{n} game solved", "{n} games solved"))?;
    let colour = |level: Level| match level {
        Level::Easy => palette.success,
        Level::Medium => palette.accent,
        Level::Hard => palette.warning,
        Level::Expert => board::blend(&palette.warning, &palette.error, 0.5),
        Level::Master => palette.error,
    };
    let step = if times.len() > 1 {
        w / (times.len() - 1) as f64
    } else {
        0.0
    };
    let radius = if times.len() > 300 { 1.5 } else { 3.5 };
    let x_of = |i: usize| left + if times.len() > 1 { step * i as f64 } else { w / 2.0 };
    let y_of = |ms: u64| top + h - h * (ms as f64 / top_ms).min(1.0);
    for (i, time) in times.iter().enumerate() {
        board::set_color(cr, &colour(time.level));
        cr.arc(x_of(i), y_of(time.elapsed_ms), radius, 0.0, std::f64::consts::TAU);
        cr.fill()?;
    }
    // Each level's line of typical times, over the dots: edged in the paper's colour, so that
    // it reads across a cloud of dots of every level.
    cr.set_line_join(cairo::LineJoin::Round);
    for (level, points) in lines {
        for (pen, width) in [(palette.paper, 4.0), (colour(*level), 2.0)] {
            for &(i, median) in points {
                cr.line_to(x_of(i), y_of(median));
            }
            board::set_color(cr, &pen);
            cr.set_line_width(width);
            cr.stroke()?;
        }
    }
    // Legend.
    let mut x = left + w;
    for &level in Level::ALL.iter().rev() {
        let name = super::level_name(level);
        let name = name.as_str();
        let extents = cr.text_extents(name)?;
        x -= extents.width() + 22.0;
        board::set_color(cr, &colour(level));
        cr.arc(x + 5.0, height - 12.0, 4.0, 0.0, std::f64::consts::TAU);
        cr.fill()?;
        board::set_color(cr, &palette.grey(0.7));
        cr.move_to(x + 12.0, height - 8.0);
        cr.show_text(name)?;
    }
    Ok(())
}

impl Controller {
    /// `app.delete-game(id)`: asks first, then deletes game `id` from the history (not the game on
    /// the board); its replay closes, and an open History window lists and counts the games
    /// again.
    pub fn delete_game_id(self: &Rc<Self>, id: i64) {
        if self.recorder.borrow().is_none() {
            return self.tell_no_history(&gettext("History is off, so no game can be deleted."));
        }
        // From the History window (or a replay over it) the game goes at once, and the toast
        // saying so offers Undo; elsewhere (`gapplication action … delete-game`) nothing could
        // take it back, so it asks first.
        if history_window().is_some() {
            return self.delete_game_now(id);
        }
        self.ask_before(
            &gettext("Delete This Game?"),
            &gettext("Its moves, time and result leave the history and its statistics. This can't be undone."),
            &gettext("_Delete"),
            move |this| this.delete_game_now(id),
        );
    }

    fn delete_game_now(self: &Rc<Self>, id: i64) {
        let Some(answer) = self.recorder.borrow().as_ref().map(|recorder| recorder.delete(id)) else {
            return self.tell_no_history(&gettext("History is off, so no game can be deleted."));
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let deleted = answer
                .recv()
                .await
                .unwrap_or_else(|_| Deleted::Failed(gettext("history is off")));
            let Some(this) = this.upgrade() else { return };
            let message = match deleted {
                Deleted::Done(deletion) => {
                    let replay = replay::window_name(id);
                    history_changed(|name| name == replay);
                    // In the History window, whose list no longer has it, a toast says so
                    // briefly and offers Undo; elsewhere the line names the game.
                    let line = fill(&gettext("Game {id} is deleted from the history."), &[("id", &id)]);
                    return this.tell_deleted(1, &line, deletion);
                }
                Deleted::NotThere => gettext("There is no game {id} in the history."),
                Deleted::BeingPlayed => gettext("Game {id} is the one being played, so it can't be deleted."),
                Deleted::Failed(error) => {
                    return this.tell_history(&fill(
                        &gettext("Game {id} could not be deleted: {error}"),
                        &[("id", &id), ("error", &error)],
                    ))
                }
            };
            this.tell_history(&fill(&message, &[("id", &id)]));
        });
    }

    /// `app.clear-history`: asks first, then deletes every game of the history but the one being
    /// played (a finished game on the board goes too); the replays close, and an open History
    /// window lists and counts what is left and offers Undo.
    pub fn clear_history(self: &Rc<Self>) {
        if self.recorder.borrow().is_none() {
            return self.tell_no_history(&gettext("History is off, so there is nothing to clear."));
        }
        let body = if history_window().is_some() {
            gettext("Every game but the one being played leaves the history, with its moves, times and results, and the statistics start again.")
        } else {
            gettext("Every game but the one being played leaves the history, with its moves, times and results, and the statistics start again. This can't be undone.")
        };
        self.ask_before(&gettext("Clear the History?"), &body, &gettext("C_lear"), |this| {
            this.clear_history_now()
        });
    }

    /// Asks before a History command that deletes games, over the window the player is in;
    /// `then` runs on the answer. Return keeps everything: the destructive answer is never the
    /// default.
    fn ask_before(self: &Rc<Self>, heading: &str, body: &str, answer: &str, then: impl Fn(&Rc<Self>) + 'static) {
        let this = Rc::downgrade(self);
        let dialog = super::question(
            &self.asking_parent(),
            heading,
            body,
            answer,
            adw::ResponseAppearance::Destructive,
            move || {
                if let Some(this) = this.upgrade() {
                    then(&this);
                }
            },
        );
        dialog.set_default_response(Some("cancel"));
        dialog.present();
    }

    fn clear_history_now(self: &Rc<Self>) {
        let Some(answer) = self.recorder.borrow().as_ref().map(|recorder| recorder.clear()) else {
            return self.tell_no_history(&gettext("History is off, so there is nothing to clear."));
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let cleared = answer.recv().await.unwrap_or_else(|_| Err(gettext("history is off")));
            let Some(this) = this.upgrade() else { return };
            match cleared {
                Ok((n, deletion)) => {
                    history_changed(|name| name.starts_with(replay::WINDOW_PREFIX));
                    let line = count(n as u32, "{n} game deleted", "{n} games deleted");
                    this.tell_deleted(n as u32, &line, deletion);
                }
                Err(error) => this.tell_history(&fill(
                    &gettext("The history could not be cleared: {error}"),
                    &[("error", &error)],
                )),
            }
        });
    }

    /// The window a History command's question goes over: the one the player is in (the History
    /// window or a replay, which are not the application's windows), else the main window.
    pub(super) fn asking_parent(&self) -> gtk::Window {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|window| window.downcast::<gtk::Window>().ok())
            .find(|window| window.is_active() && window.is_visible())
            .unwrap_or_else(|| self.window.clone().upcast())
    }

    /// Says what came of a History command (Delete Game, Clear History) where the player is
    /// looking: as a toast in the History window when one is open (the command came from it, or
    /// from a replay over it), else on the main window's message line.
    pub(super) fn tell_history(&self, text: &str) {
        self.tell_history_or(text, text);
    }

    /// Says why a History command can't be done: the history is still opening (for a moment
    /// after launch, or while another program holds it), or it is off, as `off` says.
    pub(super) fn tell_no_history(&self, off: &str) {
        if *self.history.borrow() == "opening" {
            self.tell_history(&gettext("The history is still opening. Try again in a moment."));
        } else {
            self.tell_history(off);
        }
    }

    /// Like [`Controller::tell_history`], with a shorter toast than the line.
    fn tell_history_or(&self, toast: &str, line: &str) {
        match history_window() {
            Some(history) => super::show_toast(&history.imp().toasts, adw::Toast::new(toast)),
            None => self.say(line),
        }
    }

    /// Says `games` games were deleted, as [`Controller::tell_history_or`] does (`line` on the
    /// main window's line); the History window's toast offers Undo, which puts them back. A
    /// deletion while the toast of earlier ones shows joins them: one toast counts them all, and
    /// its Undo brings them all back (a toast each would queue the older ones to show again
    /// later, their Undo out of Ctrl+Z's reach).
    fn tell_deleted(self: &Rc<Self>, games: u32, line: &str, deletion: Deletion) {
        let Some(history) = history_window() else {
            return self.say(line);
        };
        let this = Rc::downgrade(self);
        let mut undo: Undo = Rc::new(move || {
            if let Some(this) = this.upgrade() {
                this.undo_deletion(deletion);
            }
        });
        let mut games = games;
        if let Some(earlier) = history.imp().undo.take() {
            super::dismiss_toast(&earlier.toast);
            games += earlier.games;
            let (newest, older) = (undo, earlier.undo);
            undo = Rc::new(move || {
                newest();
                older();
            });
        }
        // Once only: a toast may linger a moment after Ctrl+Z or a later deletion took its place
        // (see `dismiss_toast`), and its Undo must not put the games back twice.
        let undo: Undo = {
            let done = std::cell::Cell::new(false);
            Rc::new(move || {
                if !done.replace(true) {
                    undo();
                }
            })
        };
        let title = match games {
            1 => gettext("Game deleted"),
            n => count(n, "{n} game deleted", "{n} games deleted"),
        };
        let toast = adw::Toast::builder()
            .title(title)
            .button_label(gettext("Undo"))
            .priority(adw::ToastPriority::High)
            .timeout(UNDO_SECONDS)
            .build();
        toast.connect_button_clicked({
            let undo = undo.clone();
            move |_| undo()
        });
        // Ctrl+Z undoes these deletions while their toast shows.
        let window = history.downgrade();
        toast.connect_dismissed(move |toast| {
            if let Some(window) = window.upgrade() {
                let mut pending = window.imp().undo.borrow_mut();
                if pending.as_ref().is_some_and(|shown| &shown.toast == toast) {
                    *pending = None;
                }
            }
        });
        history.imp().undo.replace(Some(PendingUndo {
            toast: toast.clone(),
            games,
            undo,
        }));
        super::show_toast(&history.imp().toasts, toast);
    }

    /// The toast's Undo: the deleted games come back, and the History window lists them again.
    fn undo_deletion(self: &Rc<Self>, deletion: Deletion) {
        let Some(answer) = self.recorder.borrow().as_ref().map(|recorder| recorder.undo(deletion)) else {
            return self.tell_no_history(&gettext("History is off, so nothing can be brought back."));
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let undone = answer.recv().await.unwrap_or_else(|_| Err(gettext("history is off")));
            let Some(this) = this.upgrade() else { return };
            match undone {
                Ok(0) => this.tell_history(&gettext("That deletion can no longer be undone.")),
                Ok(_) => history_changed(|_| false),
                Err(error) => this.tell_history(&fill(
                    &gettext("The games deleted could not be brought back: {error}"),
                    &[("error", &error)],
                )),
            }
        });
    }
}

/// How long a deletion's toast, and its Undo, stay (a toast's default, 5 seconds, is short for
/// reading it and reaching the button).
const UNDO_SECONDS: u32 = 10;

/// The History window, when one is open (it is not one of the application's windows).
fn history_window() -> Option<HistoryWindow> {
    gtk::Window::list_toplevels()
        .into_iter()
        .find_map(|window| window.downcast::<HistoryWindow>().ok())
}

/// After games are deleted: closes the replays whose window name `gone` accepts, and has every
/// History window read its games and statistics again. (Every toplevel: the History window and
/// replays are not the application's windows.)
fn history_changed(gone: impl Fn(&str) -> bool) {
    for window in gtk::Window::list_toplevels() {
        if gone(window.widget_name().as_str()) {
            if let Ok(window) = window.downcast::<gtk::Window>() {
                window.close();
            }
        } else if let Some(history) = window.downcast_ref::<HistoryWindow>() {
            reload(history);
        }
    }
}

/// Has the History window read its games and statistics again.
fn reload(history: &HistoryWindow) {
    let reload = history.imp().reload.borrow().clone();
    if let Some(reload) = reload {
        reload();
    }
}

impl Controller {
    /// After the game on the board changed in the history (started, resumed, rated or ended;
    /// a game started sets the last one aside): an open History window reads its games and
    /// statistics again once the recorder has written the change, so it lists what is so.
    pub(super) fn history_follows_the_game(&self) {
        if history_window().is_none() {
            return;
        }
        let Some(written) = self.recorder.borrow().as_ref().map(|recorder| recorder.written()) else {
            return;
        };
        glib::spawn_future_local(async move {
            if written.recv().await.is_ok() {
                history_changed(|_| false);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{chart_ticks, lower_median, tick_label, trend_lines, SolveTime};
    use crate::engine::logic::Level;

    #[test]
    fn each_level_with_enough_games_has_a_line_through_its_own_games() {
        // Easy and Hard in turn, 12 games each, Easy's 2 minutes quicker each time; one
        // Medium game.
        let game = |level, minutes: u64| SolveTime {
            level,
            started_at: 0,
            elapsed_ms: minutes * 60_000,
        };
        let mut times = Vec::new();
        for i in 0..12 {
            times.push(game(Level::Easy, 40 - 2 * i));
            times.push(game(Level::Hard, 30));
        }
        times.push(game(Level::Medium, 5));
        let lines = trend_lines(&times);
        let levels: Vec<Level> = lines.iter().map(|(level, _)| *level).collect();
        assert_eq!(levels, [Level::Easy, Level::Hard]);
        // From each level's tenth game on, at its place among all; Easy's median of ten falling
        // (of 40, 38, ... 22 the lower middle is 30).
        let easy = &lines[0].1;
        assert_eq!(easy, &[(18, 30 * 60_000), (20, 28 * 60_000), (22, 26 * 60_000)]);
        let hard = &lines[1].1;
        assert_eq!(hard.iter().map(|p| p.0).collect::<Vec<_>>(), [19, 21, 23]);
        assert!(hard.iter().all(|p| p.1 == 30 * 60_000));
        // A long history: the median of a fortieth of the games (100 of 4,000) at each point, so
        // one game in ten at an hour leaves the line at the others' time.
        let long: Vec<SolveTime> = (0..4000)
            .map(|i| game(Level::Expert, if i % 10 == 0 { 60 } else { 12 }))
            .collect();
        let lines = trend_lines(&long);
        assert_eq!(lines.len(), 1);
        // (3,901 full windows: every 7th, back from the latest, 558 points, down to the 101st
        // game; and the first window's, at the 100th.)
        let points = &lines[0].1;
        assert_eq!(points.len(), 559);
        assert_eq!((points[0].0, points[1].0), (99, 100));
        assert_eq!(points.last().unwrap().0, 3999);
        assert!(points[1..].windows(2).all(|pair| pair[1].0 - pair[0].0 == 7));
        assert!(points.iter().all(|p| p.1 == 12 * 60_000));
    }

    #[test]
    fn a_levels_line_is_the_median_of_its_latest_games() {
        assert_eq!(lower_median(&[5, 1, 9]), 5);
        // One slow game among quick ones moves it not at all.
        assert_eq!(lower_median(&[60, 62, 58, 600, 61]), 61);
        assert_eq!(lower_median(&[58, 600, 61, 59, 63]), 61);
        // An even count: the lower of its middle two.
        assert_eq!(lower_median(&[4, 1, 3, 2]), 2);
        assert_eq!(lower_median(&[7]), 7);
        assert_eq!(lower_median(&[]), 0);
    }

    #[test]
    fn the_time_axis_has_distinct_round_ticks_past_the_longest_time() {
        for max_ms in [
            0,
            1,
            9_000,
            59_000,
            61_000,
            150_000,
            599_000,
            3_599_000,
            7_300_000,
            400_000_000,
            u64::MAX,
        ] {
            let (step, ticks) = chart_ticks(max_ms);
            assert!((1..=4).contains(&ticks), "{max_ms}: {ticks} ticks");
            assert!(
                step * ticks >= max_ms.min(72_000_000_000),
                "{max_ms}: the axis ends below the longest time"
            );
            let labels: Vec<String> = (0..=ticks).map(|i| tick_label(step * i)).collect();
            let mut distinct = labels.clone();
            distinct.dedup();
            assert_eq!(distinct, labels, "{max_ms}: labels repeat");
        }
        // The case from the issue: times up to two and a half minutes.
        let (step, ticks) = chart_ticks(150_000);
        let labels: Vec<String> = (0..=ticks).map(|i| tick_label(step * i)).collect();
        assert_eq!(labels, ["0", "1 min", "2 min", "3 min"]);
        assert_eq!(tick_label(5_400_000), "1 h 30");
    }
}
