//! The daily puzzles' calendar (Other Puzzle → Daily Puzzle Calendar, and History's Daily
//! Puzzles): a month at a time, the days whose puzzle was solved marked, as the daily puzzles of
//! newspapers' apps keep their archive. The day chosen says its level and how its puzzle went,
//! and Play starts it (`app.daily-puzzle-of`), or takes it up again where it was left.

use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::glib;

use super::controller::Controller;

use crate::engine::daily::Day;
use crate::engine::game::format_duration;
use crate::i18n::{fill, gettext};
use crate::store::{GameRecord, GameStatus};

/// The calendar's widgets, from its template `resources/ui/daily-calendar.ui`.
mod imp {
    use std::cell::{Cell, RefCell};

    use adw::subclass::prelude::*;
    use gtk::glib;
    use gtk::CompositeTemplate;

    use crate::engine::daily::Day;
    use crate::store::GameRecord;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/daily-calendar.ui")]
    pub struct DailyCalendar {
        #[template_child]
        pub calendar: TemplateChild<gtk::Calendar>,
        #[template_child]
        pub today: TemplateChild<gtk::Button>,
        #[template_child]
        pub day_title: TemplateChild<gtk::Label>,
        #[template_child]
        pub day_state: TemplateChild<gtk::Label>,
        #[template_child]
        pub play: TemplateChild<gtk::Button>,
        /// The daily puzzles' games, newest first.
        pub games: RefCell<Vec<GameRecord>>,
        /// The day the calendar was opened on.
        pub opened_on: Cell<Option<Day>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for DailyCalendar {
        const NAME: &'static str = "NonetDailyCalendar";
        type Type = super::DailyCalendar;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for DailyCalendar {}
    impl WidgetImpl for DailyCalendar {}
    impl WindowImpl for DailyCalendar {}
    impl AdwWindowImpl for DailyCalendar {}
}

glib::wrapper! {
    pub struct DailyCalendar(ObjectSubclass<imp::DailyCalendar>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

impl Controller {
    /// `app.daily-calendar`: opens the calendar at today's page over the window the player is
    /// in, once the history's daily games are read (off the main thread, after what the
    /// recorder was sent is written). Opened over History (its Daily Puzzles button), Play closes
    /// History too, as the game then goes on the board behind it.
    pub fn show_daily_calendar(self: &Rc<Self>) {
        let Some(today) = super::today() else { return };
        let parent = self.asking_parent();
        let over_history = parent.is::<super::history::HistoryWindow>();
        self.read_history(
            |store| store.daily_games(),
            move |_, games| {
                DailyCalendar::show(&parent, games.unwrap_or_default(), today, over_history);
            },
        );
    }
}

impl DailyCalendar {
    /// Shows the calendar over `parent` at `today`'s page with the history's daily `games`;
    /// Play closes `parent` too where `closes_parent`.
    fn show(parent: &gtk::Window, games: Vec<GameRecord>, today: Day, closes_parent: bool) {
        let window: DailyCalendar = glib::Object::builder()
            .property("transient-for", parent)
            .property("application", parent.application())
            .build();
        let imp = window.imp();
        imp.games.replace(games);
        imp.opened_on.set(Some(today));
        // Whatever moves the calendar (a day clicked, the keys, a month or a year further: each
        // changes its day, month or year) tells the day chosen afresh, and marks the month shown.
        let calendar = imp.calendar.get();
        for property in ["day", "month", "year"] {
            let weak = window.downgrade();
            calendar.connect_notify_local(Some(property), move |_, _| {
                if let Some(window) = weak.upgrade() {
                    window.refresh();
                }
            });
        }
        calendar.add_controller(window.keys());
        // GTK 4.8 leaves the header's arrows read by their class ("GtkImage"): named here, in
        // their order (the month's two, then the year's).
        let mut names = [
            gettext("Previous Month"),
            gettext("Next Month"),
            gettext("Previous Year"),
            gettext("Next Year"),
        ]
        .into_iter();
        super::walk::<gtk::Button>(calendar.upcast_ref(), &mut |arrow| {
            if let Some(name) = names.next() {
                super::set_accessible(arrow, gtk::AccessibleProperty::Label, &name);
                arrow.set_tooltip_text(Some(&name));
            }
            true
        });
        let weak = window.downgrade();
        imp.today.connect_clicked(move |_| {
            if let Some(window) = weak.upgrade() {
                window.choose(today);
            }
        });
        let weak = window.downgrade();
        let parent_to_close = closes_parent.then(|| parent.downgrade());
        imp.play.connect_clicked(move |_| {
            let Some(window) = weak.upgrade() else { return };
            let Some(day) = window.chosen_day() else { return };
            window.close();
            if let Some(parent) = parent_to_close.as_ref().and_then(|p| p.upgrade()) {
                parent.close();
            }
            super::activate_app_action("daily-puzzle-of", Some(&day.to_string().to_variant()));
        });
        window.set_default_widget(Some(&imp.play.get()));
        super::close_on_escape(&window);
        super::name_mnemonic_buttons(&window);
        window.choose(today);
        window.refresh();
        window.present();
        calendar.grab_focus();
    }

    /// The calendar's keys, before GTK's own (which move a focus ring that starts nowhere near
    /// the day chosen, and choose only with Space): the arrows choose the day before or after,
    /// or a week away, Page Up and Page Down a month away, and Return or Space plays the day.
    fn keys(&self) -> gtk::EventControllerKey {
        let keys = gtk::EventControllerKey::new();
        keys.set_propagation_phase(gtk::PropagationPhase::Capture);
        let weak = self.downgrade();
        keys.connect_key_pressed(move |_, key, _, modifiers| {
            use gtk::gdk::Key;
            let Some(window) = weak.upgrade() else {
                return glib::Propagation::Proceed;
            };
            if !(modifiers & gtk::accelerator_get_default_mod_mask()).is_empty() {
                return glib::Propagation::Proceed;
            }
            let date = window.imp().calendar.date();
            let moved = match key {
                Key::Left | Key::KP_Left => date.add_days(-1),
                Key::Right | Key::KP_Right => date.add_days(1),
                Key::Up | Key::KP_Up => date.add_days(-7),
                Key::Down | Key::KP_Down => date.add_days(7),
                Key::Page_Up | Key::KP_Page_Up => date.add_months(-1),
                Key::Page_Down | Key::KP_Page_Down => date.add_months(1),
                Key::Return | Key::KP_Enter | Key::space | Key::KP_Space => {
                    let play = window.imp().play.get();
                    if play.is_sensitive() {
                        play.emit_clicked();
                    }
                    return glib::Propagation::Stop;
                }
                _ => return glib::Propagation::Proceed,
            };
            if let Ok(moved) = moved {
                window.imp().calendar.select_day(&moved);
            }
            glib::Propagation::Stop
        });
        keys
    }

    /// Shows `day`'s month with `day` chosen.
    fn choose(&self, day: Day) {
        if let Some(noon) = super::local_noon(day) {
            self.imp().calendar.select_day(&noon);
        }
    }

    /// The day chosen on the calendar.
    fn chosen_day(&self) -> Option<Day> {
        let date = self.imp().calendar.date();
        Day::new(date.year(), date.month() as u32, date.day_of_month() as u32)
    }

    /// Marks the days of the month shown whose puzzle was solved, and says of the day chosen
    /// its level and how its puzzle went, with Play named for what it will do.
    fn refresh(&self) {
        let imp = self.imp();
        let (Some(day), Some(today)) = (self.chosen_day(), imp.opened_on.get()) else {
            return;
        };
        let games = imp.games.borrow();
        // (GtkCalendar's own marks show on its day labels only when its month next changes,
        // the last month's marks meanwhile: the labels of the month shown are marked here.)
        let solved_days: Vec<u32> = games
            .iter()
            .filter(|g| solved(g.status))
            .filter_map(|g| g.seed.and_then(Day::of_seed))
            .filter(|d| (d.year(), d.month()) == (day.year(), day.month()))
            .map(|d| d.day())
            .collect();
        super::walk::<gtk::Label>(imp.calendar.upcast_ref(), &mut |label| {
            if label.has_css_class("day-number") {
                let of_month = !label.has_css_class("other-month");
                let number = label.label().parse::<u32>().ok();
                match of_month && number.is_some_and(|n| solved_days.contains(&n)) {
                    true => label.add_css_class("solved"),
                    false => label.remove_css_class("solved"),
                }
            }
            true
        });
        let game = telling_game(&games, day);
        let (state, play) = match game.map(|g| (g.status, g.elapsed_ms)) {
            None if day > today => (gettext("Not out yet"), None),
            None => (gettext("Not played yet"), Some(gettext("_Play"))),
            Some((GameStatus::Solved, time)) => (
                fill(&gettext("Solved in {time}"), &[("time", &format_duration(time))]),
                Some(gettext("Play _Again")),
            ),
            Some((GameStatus::SolvedWithHelp, time)) => (
                fill(
                    &gettext("Solved with help in {time}"),
                    &[("time", &format_duration(time))],
                ),
                Some(gettext("Play _Again")),
            ),
            Some((GameStatus::InProgress, _)) => (gettext("On the board"), Some(gettext("_Resume"))),
            Some((GameStatus::Paused, time)) => (
                fill(&gettext("Paused at {time}"), &[("time", &format_duration(time))]),
                Some(gettext("_Resume")),
            ),
            Some((status, _)) => (super::history::status_name(status), Some(gettext("Play _Again"))),
        };
        let title = super::local_noon(day)
            // Translators: a day of the daily puzzles' calendar, as glib's g_date_time_format
            // writes it ("Saturday, 5 December 2026"); %A the weekday, %-d the day, %B the month.
            .and_then(|noon| noon.format(&gettext("%A, %-d %B %Y")).ok())
            .map(String::from)
            .unwrap_or_else(|| day.to_string());
        let state = format!("{} · {state}", super::level_name(day.level()));
        imp.day_title.set_label(&title);
        imp.day_state.set_label(&state);
        // (After its text, which GTK makes its name too.)
        let named = format!("{title}: {state}");
        super::set_accessible(&imp.day_state.get(), gtk::AccessibleProperty::Label, &named);
        imp.play.set_sensitive(play.is_some());
        let label = play.unwrap_or_else(|| gettext("_Play"));
        if imp.play.label().as_deref() != Some(label.as_str()) {
            imp.play.set_label(&label);
            super::name_mnemonic_buttons(&imp.play.get());
        }
    }
}

/// The open calendar's day chosen and the days drawn marked in its month, for the GUI tests' probe.
pub fn probe() -> Option<serde_json::Value> {
    let window = gtk::Window::list_toplevels()
        .into_iter()
        .find_map(|w| w.downcast::<DailyCalendar>().ok())
        .filter(|w| w.is_visible())?;
    let mut marked = Vec::new();
    super::walk::<gtk::Label>(window.imp().calendar.upcast_ref(), &mut |label| {
        if label.has_css_class("solved") {
            marked.extend(label.label().parse::<u32>().ok());
        }
        true
    });
    Some(serde_json::json!({
        "day": window.chosen_day().map(|d| d.to_string()),
        "marked": marked,
    }))
}

/// Whether a game of the day counts its puzzle solved on the calendar (by the player, helped or
/// not).
fn solved(status: GameStatus) -> bool {
    matches!(status, GameStatus::Solved | GameStatus::SolvedWithHelp)
}

/// The game that says how `day`'s puzzle went: the fastest solved alone, else solved with help,
/// else the one on the board, else one paused, else the latest of the others.
fn telling_game(games: &[GameRecord], day: Day) -> Option<&GameRecord> {
    let rank = |status| match status {
        GameStatus::Solved => 0,
        GameStatus::SolvedWithHelp => 1,
        GameStatus::InProgress => 2,
        GameStatus::Paused => 3,
        GameStatus::SolvedByComputer | GameStatus::Lost | GameStatus::Abandoned => 4,
    };
    let seed = day.seed();
    let of_day = games.iter().filter(|g| g.seed == Some(seed));
    // (Newest first: among equals, the first is the latest.)
    of_day.min_by_key(|g| (rank(g.status), if solved(g.status) { g.elapsed_ms } else { 0 }))
}
