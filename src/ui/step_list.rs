//! The step-list windows: the Solution Path (the puzzle's logical solution from its givens, step
//! by step, the hardest marked: it sets the rating) and All Steps (every step that applies in the
//! player's position, technique by technique, the simplest first, as HoDoKu's All Steps lists
//! them). Each step is explained as a hint's second stage explains it; beside the list, the board
//! the selected step applies to, the step drawn on it as a hint's second stage draws it; above
//! the list, a choice of technique narrows it to that technique's steps. Worked
//! out off the main thread, and given up when the window closes. (The controller asks first
//! during play and journals it: `Controller::show_steps`.)

use std::cell::{Cell as StdCell, RefCell};
use std::collections::hash_map::{Entry, HashMap};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::{gio, glib};

use super::board::{self, Layout};
use super::play::{step_title, titled_explanation, HintView, Play, Prefs, UserLanguage};
use crate::engine::game::{Action, Game, Rules};
use crate::engine::grid::{cell_name, Candidates, Digit, Position, CELLS};
use crate::engine::logic::{self, eliminations_written, Board, Level, Step, Technique};
use crate::i18n::{fill, gettext, ngettext};

/// The window's widgets, from its template `resources/ui/step-list.ui`.
mod imp {
    use adw::subclass::prelude::*;
    use gtk::glib;
    use gtk::prelude::*;
    use gtk::CompositeTemplate;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/step-list.ui")]
    pub struct StepListWindow {
        #[template_child]
        pub heading: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub status: TemplateChild<gtk::Label>,
        #[template_child]
        pub technique_filter: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub list: TemplateChild<gtk::ListView>,
        #[template_child]
        pub board: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub caption: TemplateChild<gtk::Label>,
        #[template_child]
        pub explanation: TemplateChild<gtk::Label>,
        #[template_child]
        pub explanation_scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub copy: TemplateChild<gtk::Button>,
        #[template_child]
        pub reading_help: TemplateChild<gtk::Button>,
        #[template_child]
        pub apply: TemplateChild<gtk::Button>,
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for StepListWindow {
        const NAME: &'static str = "NonetStepListWindow";
        type Type = super::StepListWindow;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for StepListWindow {
        fn constructed(&self) {
            self.parent_constructed();
            // The explanation takes six lines, whatever its length, so the board keeps its size
            // from step to step; a longer one (a forcing net's) scrolls.
            let lines = self.explanation.create_pango_layout(Some("1\n2\n3\n4\n5\n6"));
            let height = lines.pixel_size().1.max(6);
            self.explanation_scroller.set_max_content_height(height);
            self.explanation_scroller.set_min_content_height(height);
            crate::ui::name_mnemonic_buttons(&*self.obj());
        }
    }
    impl WidgetImpl for StepListWindow {}
    impl WindowImpl for StepListWindow {}
    impl AdwWindowImpl for StepListWindow {}
}

glib::wrapper! {
    pub struct StepListWindow(ObjectSubclass<imp::StepListWindow>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// What a step-list window lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The puzzle's logical path from its givens, each step on the board the earlier ones left.
    SolutionPath,
    /// Every step that applies in one position, each on that position.
    AllSteps,
}

/// The most steps of one technique All Steps lists: a position can hold thousands of one kind
/// of fish, and no one reads past the first few.
const LISTED_PER_TECHNIQUE: usize = 20;

/// The most instances of one technique All Steps looks at to list [`LISTED_PER_TECHNIQUE`] with
/// different outcomes (a position's chains often take out one candidate in dozens of ways).
const LOOKED_AT_PER_TECHNIQUE: usize = 500;

/// An open step-list window, and (once worked out) how many steps it lists, the hardest
/// technique (of a path) and the step whose board is shown: for the state file of tests.
pub struct StepsShown {
    work: Rc<Work>,
}

/// What a worked-out window lists: its number of steps and the hardest step's technique.
type Listed = (usize, Option<Technique>);

impl StepsShown {
    /// Whether its window is still open.
    pub fn is_open(&self) -> bool {
        self.work.window.upgrade().is_some_and(|w| w.is_visible())
    }

    /// Brings its window to the front (asked for again while it is open).
    pub fn present(&self) {
        if let Some(window) = self.work.window.upgrade() {
            window.present();
        }
    }

    /// Closes its window (the game it is about has left the board).
    pub fn close(&self) {
        if let Some(window) = self.work.window.upgrade() {
            window.close();
        }
    }

    /// How many steps it lists, once worked out.
    pub fn steps(&self) -> Option<usize> {
        self.work.listed.get().map(|(steps, _)| steps)
    }

    /// The technique the list is narrowed to, if any.
    pub fn technique_shown(&self) -> Option<Technique> {
        self.work.chosen.get()
    }

    /// What the choice of technique above the list offers ("All techniques (40)", "Hidden
    /// Single (7)", …).
    pub fn technique_choices(&self) -> Vec<String> {
        let Some(window) = self.work.window.upgrade() else {
            return Vec::new();
        };
        let Some(model) = window.imp().technique_filter.model() else {
            return Vec::new();
        };
        (0..model.n_items())
            .filter_map(|i| model.item(i).and_downcast::<gtk::StringObject>())
            .map(|s| s.string().to_string())
            .collect()
    }

    /// How many rows the list shows (all its steps, or the chosen technique's).
    pub fn rows_shown(&self) -> u32 {
        self.work.selection.n_items()
    }

    /// The hardest step's technique, once worked out (a path's only).
    pub fn hardest(&self) -> Option<Technique> {
        self.work.listed.get().and_then(|(_, hardest)| hardest)
    }

    /// Lists All Steps again for the game's position when it is no longer the one listed for
    /// (the player played on in the main window).
    pub fn follow(&self, position: &Position) {
        let stale = {
            let preview = self.work.preview.borrow();
            preview.listing == Listing::AllSteps && preview.start != *position
        };
        if stale && self.is_open() {
            self.work.preview.borrow_mut().start = position.clone();
            self.work.start();
        }
    }

    /// The explanation under the board: its text, whether any of it is cut off, whether it is
    /// longer than its room (and so scrolls), and the address its technique's name links to.
    pub fn explanation(&self) -> Option<(String, bool, bool, Option<String>)> {
        let window = self.work.window.upgrade()?;
        let (label, scroller) = (window.imp().explanation.get(), window.imp().explanation_scroller.get());
        let room = scroller.vadjustment();
        let markup = label.label();
        let link = markup
            .split_once("<a href=\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(address, _)| address.to_string());
        Some((
            label.text().to_string(),
            label.layout().is_ellipsized(),
            room.upper() > room.page_size() + 1.0,
            link,
        ))
    }

    /// The step whose board is shown (counted from 1), its technique, and the board's digits
    /// and pencil marks.
    pub fn shown(&self) -> Option<(usize, Technique, [Digit; CELLS], [Candidates; CELLS])> {
        let preview = self.work.preview.borrow();
        let (index, play) = preview.shown.as_ref()?;
        let game = &play.game;
        let marks = std::array::from_fn(|cell| game.marks(cell));
        Some((index + 1, preview.steps.get(*index)?.technique, *game.values(), marks))
    }
}

/// The board beside the list: the position the steps start from, the steps, and the one
/// selected with its board (a play of its own, which draws the step as a hint's second stage
/// does).
struct Preview {
    listing: Listing,
    start: Position,
    solution: [Digit; CELLS],
    level: Level,
    steps: Vec<Step>,
    /// For All Steps, in how many ways each step's technique does what it does (the step listed
    /// is the first found; for chains, the shortest); empty for a path.
    ways: Vec<usize>,
    shown: Option<(usize, Play)>,
}

impl Preview {
    /// Shows step `index` on its board (a path's: the board the earlier steps left), every empty
    /// cell's candidates as pencil marks, the step drawn on it.
    fn show(&mut self, index: usize) {
        let Some(step) = self.steps.get(index) else {
            self.shown = None;
            return;
        };
        let mut board = Board::from_position(&self.start);
        if self.listing == Listing::SolutionPath {
            for earlier in &self.steps[..index] {
                board.apply(earlier);
            }
        }
        let mut game = Game::new(self.start.givens(), self.solution, Rules::default());
        let values = (0..CELLS)
            .filter(|&cell| !board.is_given(cell) && board.value(cell) != 0)
            .map(|cell| (cell, board.value(cell)))
            .collect();
        let marks = board
            .empty_cells()
            .iter()
            .map(|cell| (cell, board.candidates(cell)))
            .collect();
        if game.apply(Action::TakePosition { values, marks }).is_err() {
            self.shown = None;
            return;
        }
        // Only the step stands out: no selection, no conflicts (there are none), no wrong digits.
        let prefs = Prefs {
            show_conflicts: false,
            mark_wrong: false,
            highlight_region: false,
            highlight_same: false,
            ..Prefs::default()
        };
        let mut play = Play::new(game, self.level, prefs);
        play.selected = None;
        play.hint = Some(HintView::whole(step.clone()));
        self.shown = Some((index, play));
    }

    /// What the caption under the board says: "Before step 12 of 108: r4c3 ≠ 2" (a path),
    /// "Step 3 of 40: r1c3 ≠ 7" (all steps).
    fn caption(&self) -> String {
        let Some(((index, _), step)) = self
            .shown
            .as_ref()
            .and_then(|shown| Some((shown, self.steps.get(shown.0)?)))
        else {
            return String::new();
        };
        let template = match self.listing {
            Listing::SolutionPath => gettext("Before step {number} of {total}: {outcome}"),
            Listing::AllSteps => gettext("Step {number} of {total}: {outcome}"),
        };
        fill(
            &template,
            &[
                ("number", &(index + 1)),
                ("total", &self.steps.len()),
                ("outcome", &outcome(step)),
            ],
        )
    }
}

/// What the worker found for the window to list.
enum Worked {
    /// A path's steps, and whether they reach the solution.
    Path { steps: Vec<Step>, solved: bool },
    /// The steps that apply, each outcome of a technique once (with the number of its
    /// instances that have it), and the techniques that had more than are listed.
    All {
        steps: Vec<Step>,
        ways: Vec<usize>,
        cut_short: Vec<Technique>,
    },
    /// The position has a slip (a wrong digit, a solution mark taken out, a mark a placed digit
    /// rules out): its steps could be wrong.
    Slip,
    /// The position is solved (All Steps applied the last step).
    Solved,
}

/// Every step that applies in the position, technique by technique, simplest first: of each
/// technique, each outcome (the same candidates placed and removed) once, by its first instance
/// (for chains, the shortest) and how many instances have it, at most [`LISTED_PER_TECHNIQUE`]
/// outcomes; `None` once `cancel` is set.
fn all_steps(position: &Position, solution: &[Digit; CELLS], cancel: &AtomicBool) -> Option<Worked> {
    if logic::hint::slip(position, solution).is_some() {
        return Some(Worked::Slip);
    }
    if Board::from_position(position).is_solved() {
        return Some(Worked::Solved);
    }
    // Every technique, the two off the ladder too (finned franken and mutant jellyfish), by score.
    let mut techniques = Technique::ALL.to_vec();
    techniques.sort_by(|a, b| a.score().total_cmp(&b.score()));
    let (mut steps, mut ways, mut cut_short) = (Vec::new(), Vec::new(), Vec::new());
    for technique in techniques {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        // Each outcome's first instance and count, in the order first found.
        let mut outcomes: Vec<(Step, usize)> = Vec::new();
        let mut seen: HashMap<logic::Effect, usize> = HashMap::new();
        let found = logic::find_up_to(position, technique, LOOKED_AT_PER_TECHNIQUE);
        // (As many as looked at: there may be more, and other outcomes among them.)
        let stopped = found.len() >= LOOKED_AT_PER_TECHNIQUE;
        for step in found {
            match seen.entry(step.effect()) {
                Entry::Occupied(at) => outcomes[*at.get()].1 += 1,
                Entry::Vacant(slot) => {
                    slot.insert(outcomes.len());
                    outcomes.push((step, 1));
                }
            }
        }
        if outcomes.len() > LISTED_PER_TECHNIQUE || stopped {
            cut_short.push(technique);
        }
        for (step, count) in outcomes.into_iter().take(LISTED_PER_TECHNIQUE) {
            steps.push(step);
            ways.push(count);
        }
    }
    Some(Worked::All { steps, ways, cut_short })
}

/// Applies a step chosen in All Steps to the game (whose refresh then has the window list the
/// steps after it: [`StepsShown::follow`]).
pub type ApplyStep = Box<dyn Fn(&Step)>;

/// Opens a window listing the steps of a puzzle (its solution path from the givens of `start`,
/// or every step that applies in `start`), its solution and level (for the heading) at hand, and
/// works them out off the main thread; `changed` is called once they are listed, each time
/// another step's board is shown, and once the window has closed (which gives the work up).
/// All Steps offers to apply the selected step through `apply`, then lists the steps of the
/// position after it.
pub fn show(
    parent: &impl IsA<gtk::Window>,
    listing: Listing,
    start: Position,
    solution: [Digit; CELLS],
    level: Level,
    changed: impl Fn() + 'static,
    apply: Option<ApplyStep>,
) -> StepsShown {
    let window: StepListWindow = glib::Object::builder().property("transient-for", parent).build();
    let parts = window.imp();
    if listing == Listing::AllSteps {
        let title = gettext("All Steps");
        window.set_title(Some(&title));
        parts.heading.set_title(&title);
    }
    parts.heading.set_subtitle(&super::level_name(level));
    let changed: Rc<dyn Fn()> = Rc::new(changed);
    let rows = gtk::StringList::new(&[]);
    let preview = Rc::new(RefCell::new(Preview {
        listing,
        start,
        solution,
        level,
        steps: Vec::new(),
        ways: Vec::new(),
        shown: None,
    }));
    let chosen = Rc::new(StdCell::new(None));
    let filter = technique_filter(&preview, &chosen);
    let filtered = gtk::FilterListModel::new(Some(rows.clone()), Some(filter.clone()));
    let selection = gtk::SingleSelection::new(Some(filtered));
    let work = Rc::new(Work {
        window: window.downgrade(),
        rows,
        selection,
        filter,
        chosen,
        choices: RefCell::new(Vec::new()),
        hardest: Rc::new(StdCell::new(None)),
        preview,
        listed: Rc::new(StdCell::new(None)),
        cancel: RefCell::new(Arc::new(AtomicBool::new(false))),
        changed,
    });
    parts.list.set_model(Some(&work.selection));
    parts.list.set_factory(Some(&row_factory(&work.preview, &work.hardest)));
    connect_preview(&window, &work);
    connect_technique_filter(&window, &work);
    connect_copy(&window, &work);
    {
        // The help's page on reading steps: cells, houses, chains and forcing nets.
        let shown = window.downgrade();
        parts.reading_help.connect_clicked(move |_| {
            if let Some(window) = shown.upgrade() {
                super::help::show(window.upcast_ref(), Some("explanations"), &window.imp().toasts);
            }
        });
        // A step's technique, named in its explanation, links to its section.
        let shown = window.downgrade();
        parts.explanation.connect_activate_link(move |_, uri| {
            let (Some(window), Some(page)) = (shown.upgrade(), super::message::help_page(uri)) else {
                return glib::Propagation::Proceed;
            };
            super::help::show(window.upcast_ref(), Some(page), &window.imp().toasts);
            glib::Propagation::Stop
        });
        // Shift+F1 does the same from the keyboard, for the step shown (as in the main window).
        let (shown, steps) = (window.downgrade(), work.clone());
        let technique_help = gtk::CallbackAction::new(move |_, _| {
            let Some(window) = shown.upgrade() else {
                return glib::Propagation::Proceed;
            };
            let preview = steps.preview.borrow();
            let shown = preview.shown.as_ref().and_then(|(index, _)| preview.steps.get(*index));
            let page = shown.map(|step| super::message::technique_page(step.technique));
            super::help::show(
                window.upcast_ref(),
                Some(page.as_deref().unwrap_or("techniques")),
                &window.imp().toasts,
            );
            glib::Propagation::Stop
        });
        let shortcuts = gtk::ShortcutController::new();
        shortcuts.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Shift>F1"),
            Some(technique_help),
        ));
        shortcuts.set_propagation_phase(gtk::PropagationPhase::Capture);
        window.add_controller(shortcuts);
    }
    if let Some(apply) = apply {
        connect_apply(&window, &work, apply);
    }
    {
        let work = work.clone();
        window.connect_close_request(move |_| {
            work.cancel.borrow().store(true, Ordering::Relaxed);
            let changed = work.changed.clone();
            glib::idle_add_local_once(move || changed());
            glib::Propagation::Proceed
        });
    }
    work.start();
    super::close_on_escape(&window);
    window.present();
    StepsShown { work }
}

/// A window's work: the steps worked out off the main thread for the preview's start, listed
/// once found (again after All Steps applies a step).
struct Work {
    window: glib::WeakRef<StepListWindow>,
    preview: Rc<RefCell<Preview>>,
    /// The list's rows (their numbers: the steps are the preview's), those of them shown (all,
    /// or the chosen technique's), and which is selected.
    rows: gtk::StringList,
    selection: gtk::SingleSelection,
    filter: gtk::CustomFilter,
    /// The technique the list is narrowed to, and those the choice offers (after "all").
    chosen: Rc<StdCell<Option<Technique>>>,
    choices: RefCell<Vec<Technique>>,
    /// A path's hardest step (the first of the highest score), starred.
    hardest: Rc<StdCell<Option<usize>>>,
    listed: Rc<StdCell<Option<Listed>>>,
    /// Set to give up the work under way.
    cancel: RefCell<Arc<AtomicBool>>,
    changed: Rc<dyn Fn()>,
}

impl Work {
    /// Works the steps out for the preview's start (giving up any work under way), and lists
    /// them in place of those listed.
    fn start(self: &Rc<Self>) {
        let Some(window) = self.window.upgrade() else { return };
        let parts = window.imp();
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel.replace(cancel.clone()).store(true, Ordering::Relaxed);
        let (listing, start, solution) = {
            let mut preview = self.preview.borrow_mut();
            preview.steps.clear();
            preview.ways.clear();
            preview.shown = None;
            (preview.listing, preview.start.clone(), preview.solution)
        };
        self.listed.set(None);
        self.rows.splice(0, self.rows.n_items(), &[]);
        parts.copy.set_sensitive(false);
        parts.apply.set_sensitive(false);
        parts.caption.set_label("");
        parts.explanation.set_label("");
        parts.board.queue_draw();
        if listing == Listing::AllSteps {
            parts.status.set_label(&gettext("Finding every step…"));
        }
        // This work is the one listed only while no later start has given it up.
        let given_up = cancel.clone();
        let handle = gio::spawn_blocking(move || match listing {
            Listing::SolutionPath => {
                logic::logical_solve_cancellable(&start.givens(), &cancel).map(|path| Worked::Path {
                    steps: path.steps,
                    solved: path.solved,
                })
            }
            Listing::AllSteps => all_steps(&start, &solution, &cancel),
        });
        let work = self.clone();
        glib::spawn_future_local(async move {
            let Ok(Some(worked)) = handle.await else { return };
            // Done just before a later start gave it up (the player played on meanwhile): its
            // steps are for a position no longer listed.
            if given_up.load(Ordering::Relaxed) {
                return;
            }
            let Some(window) = work.window.upgrade() else { return };
            let parts = window.imp();
            let (steps, ways, hardest, cut_short, status) = what_is_listed(worked);
            parts.status.set_label(&status);
            work.listed
                .set(Some((steps.len(), hardest.map(|i| steps[i].technique))));
            parts.copy.set_sensitive(!steps.is_empty());
            parts.apply.set_sensitive(!steps.is_empty());
            work.hardest.set(hardest);
            let numbers: Vec<String> = (1..=steps.len()).map(|n| n.to_string()).collect();
            work.offer_techniques(&steps, &cut_short);
            {
                let mut preview = work.preview.borrow_mut();
                preview.steps = steps;
                preview.ways = ways;
                preview.shown = None;
            }
            // The rows (the first selected shows its board), and the keys at the list (Home,
            // End, the arrows).
            let numbers: Vec<&str> = numbers.iter().map(String::as_str).collect();
            work.rows.splice(0, work.rows.n_items(), &numbers);
            parts.list.grab_focus();
            (work.changed)();
        });
    }
}

impl Work {
    /// The steps the list shows, in its order.
    fn steps_shown(&self) -> Vec<Step> {
        let preview = self.preview.borrow();
        (0..self.selection.n_items())
            .filter_map(|row| self.selection.item(row))
            .filter_map(|row| step_index(&row))
            .filter_map(|index| preview.steps.get(index).cloned())
            .collect()
    }

    /// Offers the techniques of the steps listed (by score, the simplest first) to narrow the
    /// list to, each with its count (or, for those `cut_short`, that these are the first
    /// found); the technique chosen before stays chosen if it is among them.
    fn offer_techniques(&self, steps: &[Step], cut_short: &[Technique]) {
        let Some(window) = self.window.upgrade() else { return };
        let mut counts: Vec<(Technique, usize)> = Vec::new();
        for step in steps {
            match counts.iter_mut().find(|(t, _)| *t == step.technique) {
                Some((_, n)) => *n += 1,
                None => counts.push((step.technique, 1)),
            }
        }
        counts.sort_by(|(a, _), (b, _)| a.score().total_cmp(&b.score()));
        let mut labels = vec![fill(&gettext("All techniques ({n})"), &[("n", &steps.len())])];
        labels.extend(counts.iter().map(|(technique, n)| {
            let template = if cut_short.contains(technique) {
                gettext("{technique} (the first {n})")
            } else {
                gettext("{technique} ({n})")
            };
            fill(
                &template,
                &[("technique", &super::names::technique_name(*technique)), ("n", n)],
            )
        }));
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        let keep = self.chosen.get();
        self.choices.replace(counts.iter().map(|&(t, _)| t).collect());
        let dropdown = &window.imp().technique_filter;
        dropdown.set_model(Some(&gtk::StringList::new(&labels)));
        let at = keep.and_then(|k| counts.iter().position(|&(t, _)| t == k));
        dropdown.set_selected(at.map_or(0, |i| i as u32 + 1));
        dropdown.set_sensitive(counts.len() > 1);
    }
}

/// Makes labels of a drop-down's strings, ellipsized or not.
fn label_factory(ellipsized: bool) -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(move |_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            let label = gtk::Label::builder().xalign(0.0).build();
            if ellipsized {
                // (An ellipsized label still asks for its whole text's width, unless bounded.)
                label.set_ellipsize(gtk::pango::EllipsizeMode::End);
                label.set_max_width_chars(24);
            }
            item.set_child(Some(&label));
        }
    });
    factory.connect_bind(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let text = item.item().and_downcast::<gtk::StringObject>().map(|s| s.string());
        if let (Some(label), Some(text)) = (item.child().and_downcast::<gtk::Label>(), text) {
            label.set_label(&text);
        }
    });
    factory
}

/// Which rows the list shows: a row (a step's number) whose step is of the chosen technique, or
/// every row when none is chosen.
fn technique_filter(preview: &Rc<RefCell<Preview>>, chosen: &Rc<StdCell<Option<Technique>>>) -> gtk::CustomFilter {
    let (preview, chosen) = (preview.clone(), chosen.clone());
    gtk::CustomFilter::new(move |row| {
        let Some(technique) = chosen.get() else { return true };
        let preview = preview.borrow();
        step_index(row)
            .and_then(|index| preview.steps.get(index))
            .is_some_and(|step| step.technique == technique)
    })
}

/// The step a row stands for (its number, counted from 1).
fn step_index(row: &glib::Object) -> Option<usize> {
    let number: usize = row.downcast_ref::<gtk::StringObject>()?.string().parse().ok()?;
    number.checked_sub(1)
}

/// Narrows the list to the technique chosen above it (or lists every step again).
fn connect_technique_filter(window: &StepListWindow, work: &Rc<Work>) {
    let dropdown = &window.imp().technique_filter;
    // Ellipsized in the button (a technique's name is long, and the list beside it should keep
    // its width), whole in the popup.
    dropdown.set_factory(Some(&label_factory(true)));
    dropdown.set_list_factory(Some(&label_factory(false)));
    super::name_drop_down_button(dropdown, &gettext("Technique"));
    let work = work.clone();
    dropdown.connect_selected_notify(move |dropdown| {
        let chosen = match dropdown.selected() {
            0 | gtk::INVALID_LIST_POSITION => None,
            i => work.choices.borrow().get(i as usize - 1).copied(),
        };
        if chosen != work.chosen.get() {
            work.chosen.set(chosen);
            work.filter.changed(gtk::FilterChange::Different);
        }
    });
}

/// Shows All Steps' Apply button, which (and Ctrl+Return) applies the selected step to the game;
/// the window follows the game to the steps after it.
fn connect_apply(window: &StepListWindow, work: &Rc<Work>, apply: ApplyStep) {
    let parts = window.imp();
    parts.apply.set_visible(true);
    // (A mnemonic label's accessible name reads "_Apply Apply" in GTK 4.8.)
    super::set_accessible(
        &*parts.apply,
        gtk::AccessibleProperty::Label,
        &gettext("Apply the selected step to the game (Ctrl+Return)"),
    );
    {
        let work = work.clone();
        parts.apply.connect_clicked(move |_| {
            let step = {
                let preview = work.preview.borrow();
                let Some(step) = preview.shown.as_ref().and_then(|(index, _)| preview.steps.get(*index)) else {
                    return;
                };
                step.clone()
            };
            apply(&step);
        });
    }
    let shortcuts = gtk::ShortcutController::new();
    shortcuts.add_shortcut(super::clicking("<Control>Return", &parts.apply));
    window.add_controller(shortcuts);
}

/// Draws the preview's board, and shows the selected step's board (and says which in the
/// caption and to screen readers).
fn connect_preview(window: &StepListWindow, work: &Rc<Work>) {
    let parts = window.imp();
    {
        let preview = work.preview.clone();
        parts.board.set_draw_func(move |area, cr, width, height| {
            if let Some((_, play)) = &preview.borrow().shown {
                let layout = Layout::fit_with(width as f64, height as f64, play.prefs.coordinates);
                let _ = board::draw(cr, layout, play, &board::palette(area));
            }
        });
    }
    let (preview, changed) = (work.preview.clone(), work.changed.clone());
    // (Weakly: the work, which the selection belongs to, outlives the window.)
    let window = window.downgrade();
    // (The selected item, not its place: narrowing the list moves another step to the place.)
    work.selection.connect_selected_item_notify(move |selection| {
        let (Some(window), Some(index)) = (
            window.upgrade(),
            selection.selected_item().as_ref().and_then(step_index),
        ) else {
            return;
        };
        let parts = window.imp();
        let (area, caption, explanation) = (parts.board.get(), parts.caption.get(), parts.explanation.get());
        let scroller = parts.explanation_scroller.get();
        let mut preview = preview.borrow_mut();
        preview.show(index);
        let text = preview.caption();
        let explained = preview.steps.get(index).map(titled_explanation).unwrap_or_default();
        let technique = preview.steps.get(index).map(|step| step.technique);
        drop(preview);
        caption.set_label(&text);
        explanation.set_markup(&super::message::linked_markup(&explained, technique));
        scroller.vadjustment().set_value(0.0);
        super::set_accessible(&area, gtk::AccessibleProperty::Label, &text);
        area.queue_draw();
        changed();
    });
}

/// Makes the list's rows and fills them as they come into sight: a step's number, technique and
/// what it does, and a path's hardest step starred.
fn row_factory(preview: &Rc<RefCell<Preview>>, hardest: &Rc<StdCell<Option<usize>>>) -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let number = gtk::Label::builder()
            .width_chars(3)
            .xalign(1.0)
            .valign(gtk::Align::Start)
            .css_classes(["dim-label", "numeric"])
            .build();
        // One line each (the explanation is under the board): a row of wrapped text costs
        // GTK 4.8's list view milliseconds to measure, and All Steps lists hundreds.
        let title = gtk::Label::builder()
            .ellipsize(gtk::pango::EllipsizeMode::End)
            .xalign(0.0)
            .build();
        // (Bounded, so that the list keeps its width whatever rows are in sight.)
        let subtitle = gtk::Label::builder()
            .ellipsize(gtk::pango::EllipsizeMode::End)
            .max_width_chars(40)
            .xalign(0.0)
            .css_classes(["dim-label", "caption"])
            .build();
        let texts = gtk::Box::builder()
            .orientation(gtk::Orientation::Vertical)
            .spacing(3)
            .hexpand(true)
            .build();
        texts.append(&title);
        texts.append(&subtitle);
        let star = gtk::Image::from_icon_name("starred-symbolic");
        star.set_valign(gtk::Align::Center);
        star.set_tooltip_text(Some(&gettext("The hardest step: it sets the rating")));
        super::set_accessible(&star, gtk::AccessibleProperty::Label, &gettext("The hardest step"));
        let row = gtk::Box::builder()
            .spacing(12)
            .margin_top(6)
            .margin_bottom(6)
            .margin_end(6)
            .build();
        row.append(&number);
        row.append(&texts);
        row.append(&star);
        item.set_child(Some(&row));
    });
    let (preview, hardest) = (preview.clone(), hardest.clone());
    factory.connect_bind(move |_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let Some(index) = item.item().as_ref().and_then(step_index) else {
            return;
        };
        let preview = preview.borrow();
        let (Some(step), Some(row)) = (preview.steps.get(index), item.child()) else {
            return;
        };
        // The row as set up: the number, the texts (title, subtitle), the star.
        let number = row.first_child().and_downcast::<gtk::Label>();
        let texts = number.as_ref().and_then(|n| n.next_sibling());
        let star = texts.as_ref().and_then(|t| t.next_sibling());
        let title = texts
            .as_ref()
            .and_then(|t| t.first_child())
            .and_downcast::<gtk::Label>();
        let subtitle = title
            .as_ref()
            .and_then(|t| t.next_sibling())
            .and_downcast::<gtk::Label>();
        if let (Some(number), Some(title), Some(subtitle), Some(star)) = (number, title, subtitle, star) {
            let done = match preview.ways.get(index) {
                Some(&ways) if ways > 1 => fill(
                    &ngettext("{outcome} · {n} way", "{outcome} · {n} ways", ways as u32),
                    &[("outcome", &outcome(step)), ("n", &ways)],
                ),
                _ => outcome(step),
            };
            let heading = step_title(step);
            number.set_label(&(index + 1).to_string());
            title.set_label(&heading);
            subtitle.set_label(&done);
            star.set_visible(hardest.get() == Some(index));
            // GTK 4.8's list view leaves its rows unnamed for screen readers: the row's own
            // widget (the list item's) is named here, as the row reads.
            if let Some(list_row) = row.parent() {
                let name = fill(
                    &gettext("Step {n}: {technique}: {outcome}"),
                    &[("n", &(index + 1)), ("technique", &heading), ("outcome", &done)],
                );
                super::set_accessible(&list_row, gtk::AccessibleProperty::Label, &name);
            }
        }
    });
    factory
}

/// Lets the header's button and Ctrl+C copy the steps as text (those the list shows: all, or the
/// chosen technique's), and says so in a toast.
fn connect_copy(window: &StepListWindow, work: &Rc<Work>) {
    let parts = window.imp();
    super::set_accessible(&*parts.copy, gtk::AccessibleProperty::Label, &gettext("Copy the Steps"));
    {
        let (work, weak) = (work.clone(), window.downgrade());
        parts.copy.connect_clicked(move |_| {
            let Some(window) = weak.upgrade() else { return };
            window.clipboard().set_text(&steps_text(&work.steps_shown()));
            super::show_toast(
                &window.imp().toasts,
                adw::Toast::new(&gettext("The steps are on the clipboard.")),
            );
        });
    }
    let shortcuts = gtk::ShortcutController::new();
    shortcuts.add_shortcut(super::clicking("<Control>c", &parts.copy));
    // Escape still closes the window while the toast shows (the overlay would take it to
    // dismiss the toast first).
    shortcuts.add_shortcut(gtk::Shortcut::new(
        gtk::ShortcutTrigger::parse_string("Escape"),
        Some(gtk::NamedAction::new("window.close")),
    ));
    shortcuts.set_propagation_phase(gtk::PropagationPhase::Capture);
    window.add_controller(shortcuts);
}

/// The steps as text, as `nonet-cli path --explain` writes a path: each step's short form
/// (`hidden-single: r9c3=7`) with its explanation, in the user's language, indented under it.
fn steps_text(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|step| {
            let explanation = match &step.text {
                Some(text) => text.render(&UserLanguage),
                None => step.explanation.clone(),
            };
            format!(
                "{}\n{}\n",
                step.compact(),
                logic::explanation::indented(&explanation, "  ")
            )
        })
        .collect()
}

/// What the window lists: the steps, in how many ways each does what it does (All Steps), a
/// path's hardest (the first of the highest score), the techniques All Steps found more of than
/// it lists, and what it says above them.
fn what_is_listed(worked: Worked) -> (Vec<Step>, Vec<usize>, Option<usize>, Vec<Technique>, String) {
    match worked {
        Worked::Path { steps, solved } => {
            let top = steps.iter().map(|s| s.score).fold(f32::MIN, f32::max);
            let hardest = steps.iter().position(|s| s.score == top);
            let status = path_status(&steps, solved, hardest);
            (steps, Vec::new(), hardest, Vec::new(), status)
        }
        Worked::All { steps, ways, cut_short } => {
            let status = all_steps_status(steps.len(), !cut_short.is_empty());
            (steps, ways, None, cut_short, status)
        }
        Worked::Solved => (Vec::new(), Vec::new(), None, Vec::new(), gettext("The puzzle is solved.")),
        Worked::Slip => (
            Vec::new(),
            Vec::new(),
            None,
            Vec::new(),
            gettext("Some of your digits or pencil marks are not right, so steps found here could be wrong. Ask for a hint: it points at them."),
        ),
    }
}

/// What a path's window says above its steps: how many, and the hardest.
fn path_status(steps: &[Step], solved: bool, hardest: Option<usize>) -> String {
    let n = steps.len();
    let count = fill(&ngettext("{n} step", "{n} steps", n as u32), &[("n", &n)]);
    match (solved, hardest) {
        (true, Some(i)) => fill(
            &gettext("From the givens to the solution in {steps}. The hardest, step {number}, is {technique}, scored {score}: it sets the rating."),
            &[
                ("steps", &count),
                ("number", &(i + 1)),
                ("technique", &super::names::technique_name(steps[i].technique)),
                ("score", &super::CAPTION_WORDS.score(steps[i].score)),
            ],
        ),
        (true, None) => gettext("The puzzle is already solved."),
        (false, _) => fill(
            &gettext("After {steps}, no technique Nonet knows applies."),
            &[("steps", &count)],
        ),
    }
}

/// What All Steps says above its steps: how many, and whether some technique had more.
fn all_steps_status(listed: usize, cut_short: bool) -> String {
    if listed == 0 {
        return gettext("No technique Nonet knows applies here.");
    }
    let template = if cut_short {
        ngettext(
            "{n} step listed, the simplest first, at most {most} of a technique.",
            "{n} steps listed, the simplest first, at most {most} of a technique.",
            listed as u32,
        )
    } else {
        ngettext(
            "{n} step applies here, the simplest first.",
            "{n} steps apply here, the simplest first.",
            listed as u32,
        )
    };
    fill(&template, &[("n", &listed), ("most", &LISTED_PER_TECHNIQUE)])
}

/// What a step does, in short: "r6c9 = 4", "r4c3, r5c3 ≠ 2", "r2c3, r3c3 ≠ 3, 8; r2c3 ≠ 5"
/// (eliminations grouped as explanations group them).
fn outcome(step: &Step) -> String {
    let placed = step
        .placements
        .iter()
        .map(|p| format!("{} = {}", cell_name(p.cell), p.digit));
    let removed = (!step.eliminations.is_empty()).then(|| eliminations_written(&step.eliminations, "≠"));
    let parts: Vec<String> = placed.chain(removed).collect();
    let parted = parts.iter().any(|part| part.contains(';'));
    parts.join(if parted { "; " } else { ", " })
}
